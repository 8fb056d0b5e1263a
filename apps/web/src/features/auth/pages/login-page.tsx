import { id } from '@/shared/i18n/id';
import type { LoginResult } from '../api/login';
import { LoginForm } from '../components/login-form';

export function LoginPage({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-8 bg-white px-6 py-10">
      <div className="flex flex-col items-center gap-3 text-center">
        <img src="/favicon.svg" alt="" width={72} height={72} className="size-18 rounded-2xl" />
        <h1 className="text-2xl font-bold text-slate-900">{id.auth.title}</h1>
        <p className="text-slate-600">{id.auth.subtitle}</p>
      </div>
      <LoginForm onSuccess={onLoggedIn} />
    </main>
  );
}
