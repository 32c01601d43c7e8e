// Buttons of the admin screens: a primary action, a secondary one, an icon-only one. `buttonClass` is
// for links and labels that must look like a button; `Button` for real buttons.
export const buttonClass = {
  primary:
    'inline-flex items-center gap-2 rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60',
  secondary:
    'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60',
  icon: 'rounded-lg p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-50',
} as const;

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass };

/** A button that is never a form submit by accident: `type` defaults to 'button'. */
export function Button({ variant = 'primary', type = 'button', className = '', ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonClass[variant]} ${className}`.trim()} {...rest} />;
}
