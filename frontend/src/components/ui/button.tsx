import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import styles from './button.module.css'
import { Spinner } from './spinner'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

interface StyleProps {
  variant?: Variant
  size?: 'medium' | 'small'
  block?: boolean
}

function classNames({ variant = 'primary', size = 'medium', block = false }: StyleProps, extra?: string) {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra]
    .filter(Boolean)
    .join(' ')
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows a spinner, keeps the label for screen readers and blocks repeated clicks. */
  loading?: boolean
  children: ReactNode
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classNames({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="small" />}
      {children}
    </button>
  )
}

interface ButtonLinkProps extends LinkProps, StyleProps {}

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={classNames({ variant, size, block }, className)} {...rest} />
}
