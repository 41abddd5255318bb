import { useTranslation } from '../i18n/index.ts';
import '../i18n/tr-auth.ts';

export type StrengthLevel = 'empty' | 'tooShort' | 'weak' | 'fair' | 'good' | 'strong';

// Passwords and words people pick first (folded to lower case): a password built on one is easy to guess.
const COMMON = [
  'password',
  'parola',
  'sifre',
  'şifre',
  'qwerty',
  'asdf',
  'iloveyou',
  'seniseviyorum',
  'admin',
  'welcome',
  'vitrin',
  'galatasaray',
  'fenerbahce',
  'fenerbahçe',
  'besiktas',
  'beşiktaş',
  'trabzonspor',
];
const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

/** True when the password is one character repeated or a run of a keyboard or counting sequence. */
function isPattern(lower: string): boolean {
  if (new Set(lower).size <= 2) return true;
  return SEQUENCES.some((seq) => seq.includes(lower) || [...seq].reverse().join('').includes(lower));
}

/**
 * A rough strength estimate shown while a password is typed. Length counts most, then the mix of lower and
 * upper case letters, digits and other characters; repeated characters, sequences (`12345678`) and common
 * words pull it down. It only advises: the server's rule is the minimum length.
 */
export function passwordStrength(password: string, min: number): { level: StrengthLevel; length: number } {
  const length = [...password].length;
  if (length === 0) return { level: 'empty', length };
  if (length < min) return { level: 'tooShort', length };
  const lower = password.toLocaleLowerCase('tr-TR');
  if (isPattern(lower)) return { level: 'weak', length };
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  let score = kinds - 1 + (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0);
  if (COMMON.some((word) => lower.includes(word)) || /(\d)\1\1|(.)\2\2\2/u.test(lower)) score -= 2;
  const level = score <= 1 ? 'weak' : score === 2 ? 'fair' : score === 3 ? 'good' : 'strong';
  return { level, length };
}

const BAR: Record<StrengthLevel, { filled: number; colour: string }> = {
  empty: { filled: 0, colour: '' },
  tooShort: { filled: 0, colour: '' },
  weak: { filled: 1, colour: 'bg-red-700' },
  fair: { filled: 2, colour: 'bg-amber-600' },
  good: { filled: 3, colour: 'bg-olive-600' },
  strong: { filled: 4, colour: 'bg-green-700' },
};

const TIPS = { weak: 'tipWeak', fair: 'tipFair', good: 'tipGood', strong: 'tipStrong' } as const;

/** The hint under a new-password field: the minimum length, then a strength bar and advice as one types. */
export function PasswordStrength({ id, value, min }: { id: string; value: string; min: number }) {
  const { t } = useTranslation();
  const { level, length } = passwordStrength(value, min);
  const bar = BAR[level];
  return (
    <div id={id} className="mt-2 text-sm text-ink-700" data-level={level}>
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span
            key={n}
            className={`h-1.5 flex-1 rounded-full ${n <= bar.filled ? bar.colour : 'bg-sand-200'}`}
          />
        ))}
      </div>
      {/* Announced politely as it changes, so typing is not interrupted. */}
      <p className="mt-1" aria-live="polite">
        {level === 'empty'
          ? t('auth.strength.empty', { min })
          : level === 'tooShort'
            ? t('auth.strength.tooShort', { min, count: length })
            : `${t('auth.strength.label', { level: t(`auth.strength.${level}`) })}. ${t(`auth.strength.${TIPS[level]}`)}`}
      </p>
    </div>
  );
}
