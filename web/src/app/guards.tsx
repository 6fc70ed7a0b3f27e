/** The login guard of the event router (attendee-app.md §2, §4); what runs after login is session-gate.tsx. */
import { useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useSession } from "@/features/accounts";
import { paths, rememberWantedRoute } from "@/lib/routes";

/** Routes that need login: without a token, remember the wanted route and go to Login. */
export function RequireLogin() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!token) {
      rememberWantedRoute(location.pathname, location.search);
      void navigate(paths.login, { replace: true });
    }
  }, [token, location.pathname, location.search, navigate]);
  return token ? <Outlet /> : null;
}
