/** `purge` → `Purge`, `email-verification` → `EmailVerification`: construct ids from contract names. */
export function pascalCase(name: string): string {
  return name.replace(/(^|[-_])(\w)/g, (_, __, letter: string) => letter.toUpperCase())
}
