import { describePasswordProblems, passwordProblems } from '@app/contracts'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailError(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address.'
  if (!EMAIL_SHAPE.test(email.trim())) return 'Enter a valid email address, like name@example.com.'
  return undefined
}

export function newPasswordError(password: string): string | undefined {
  if (password === '') return 'Choose a password.'
  const problems = passwordProblems(password)
  return problems.length > 0 ? describePasswordProblems(problems) : undefined
}
