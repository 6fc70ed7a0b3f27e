/**
 * The profile screen as the attendee sees it: accounts' form with privacy's "Your data" below.
 * Composed here so that neither feature imports the other (privacy needs accounts' session).
 */
import { ProfilePage } from "@/features/accounts/pages/ProfilePage";
import { YourDataSection } from "@/features/privacy";

export function ProfileRoute() {
  return (
    <ProfilePage>
      <YourDataSection />
    </ProfilePage>
  );
}
