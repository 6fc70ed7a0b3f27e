import type { ReactNode } from "react";

/** The login box: positioned from the theme's horizontal offset (--login-box-x-offset). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
