import { DomainError } from '@vitrin/core/errors';

/** A command that cannot be carried out; the message is shown to the operator as is. */
export const commandError = (code: string, message: string) => new DomainError(400, code, message);

/**
 * A command's `--name value` pairs, each one of `allowed`; anything else (an unknown option, a missing
 * value) is KOMUT_GECERSIZ naming the options there are.
 */
export function commandOptions(args: readonly string[], allowed: readonly string[]): Record<string, string> {
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    const value = args[i + 1];
    if (!allowed.includes(name) || value === undefined || value.startsWith('--')) {
      throw commandError(
        'KOMUT_GECERSIZ',
        `Geçersiz seçenek "${name}". Kullanılabilir: ${allowed.join(', ')}.`,
      );
    }
    options[name] = value;
  }
  return options;
}
