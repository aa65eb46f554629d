import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-3xl border border-plum-100 bg-white p-8 shadow-xl shadow-plum-900/5 sm:p-10">
      <div className="mb-8 space-y-2 text-center">
        <h1 className="text-4xl font-semibold text-plum-900">{title}</h1>
        <p className="text-mist">{subtitle}</p>
      </div>
      {children}
      <div className="mt-8 text-center text-sm text-mist">{footer}</div>
    </div>
  );
}
