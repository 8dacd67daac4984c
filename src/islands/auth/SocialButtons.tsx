import type { ReactNode } from 'react';
import { SOCIAL_PROVIDERS, type SocialAuthsDto, type SocialProvider } from '../../contracts/master';
import { socialLoginPath } from '../../contracts/social-auth';
import { openSocialLogin } from './social-login';

/** Small marks in each provider's colours (decorative: the link text names the provider). */
const MARKS: Record<SocialProvider, ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8a6 6 0 0 1 0-12c1.9 0 3.1.8 3.8 1.5l2.6-2.5A9.6 9.6 0 0 0 12 2.4a9.6 9.6 0 0 0 0 19.2c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6z"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path fill="#fff" d="M13.2 20v-6.1h2.1l.3-2.5h-2.4V9.9c0-.7.2-1.2 1.2-1.2h1.3V6.5c-.2 0-1-.1-1.9-.1-1.9 0-3.2 1.2-3.2 3.3v1.7H8.5v2.5h2.1V20z" />
    </svg>
  ),
  twitter: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#0f172a" d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </svg>
  ),
  microsoft: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  ),
};

interface Props {
  /** /master `social_auths`: a button for each active provider, in the spec's order. */
  socialAuths: SocialAuthsDto;
  /** "Login with Google"… per provider, and the separator before the password form. */
  labels: Record<SocialProvider, string>;
  or: string;
}

/**
 * The login dialog's social buttons (docs/product.md §2.8). Each is a link to the
 * provider's full-page login, which a click opens in a window of its own (social-login.ts).
 */
export default function SocialButtons({ socialAuths, labels, or }: Props) {
  const active = SOCIAL_PROVIDERS.filter((provider) => socialAuths[provider]?.is_active);
  if (active.length === 0) return null;
  return (
    <div className="mt-4">
      <ul className="grid gap-2">
        {active.map((provider) => (
          <li key={provider}>
            <a
              href={socialLoginPath(provider)}
              onClick={openSocialLogin}
              className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 py-2.5 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              {MARKS[provider]}
              {labels[provider]}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-center gap-3 text-sm text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">{or}</p>
    </div>
  );
}
