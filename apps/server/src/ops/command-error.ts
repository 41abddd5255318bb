/** A command that cannot be carried out; the message is shown to the operator as is. */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

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
      throw new CommandError(
        'KOMUT_GECERSIZ',
        `Geçersiz seçenek "${name}". Kullanılabilir: ${allowed.join(', ')}.`,
      );
    }
    options[name] = value;
  }
  return options;
}
