import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react'
import styled from 'styled-components'
import type { FormCopy } from '../../shared/content/page-copy.ts'
import { usePublicConfig } from '../../shared/config/public-config-context.tsx'
import { useHydrated } from '../../shared/hydration/use-hydrated.ts'
import { useLocale } from '../../shared/i18n/locale-context.tsx'
import { pathOf } from '../../shared/routes.ts'
import type { SignUp } from './join-waitlist.ts'
import { loadSignupTools, loadToasts } from './signup-tools.ts'

const emptyFields = { name: '', role: '', email: '' }
type Field = keyof typeof emptyFields

/** Name and role are text, the work email an email input; all three required. */
const fieldSpecs = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'role', type: 'text', autoComplete: 'organization-title' },
  { field: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
] as const satisfies readonly { field: Field; type: string; autoComplete: string; inputMode?: 'email' }[]

const Toasts = lazy(loadToasts)

export function WaitlistForm({ form }: { form: FormCopy }) {
  const config = usePublicConfig()
  const { locale } = useLocale()
  const [fields, setFields] = useState(emptyFields)
  const [submitting, setSubmitting] = useState(false)
  const [used, setUsed] = useState(false)
  // The script loads after the first paint (docs/decisions/0026-script-after-first-paint.md): until it has, the button stays
  // disabled, which also stops Enter from sending the form natively with the visitor's details in the address.
  const hydrated = useHydrated()

  // The first focus starts loading what a sign-up needs (and solving its proof of work), so sending it does not wait.
  const prepare = () => {
    setUsed(true)
    return loadSignupTools(config)
  }
  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [field]: event.target.value }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const signUp: SignUp = {
      name: fields.name.trim(),
      role: fields.role.trim(),
      email: fields.email.trim(),
      lang: locale,
      consentVersion: form.consent.version,
    }
    // With any field empty the submission is silently ignored.
    if (!signUp.name || !signUp.role || !signUp.email || submitting) return
    setSubmitting(true)
    try {
      const { supabase, announce, joinWaitlist, proofOfWork } = await prepare()
      const altcha = await proofOfWork?.take()
      const outcome = await joinWaitlist(supabase, signUp, altcha).then(
        () => 'success' as const,
        (error: unknown) => {
          console.error('[waitlist] sign-up failed:', error)
          return 'error' as const
        },
      )
      if (outcome === 'success') setFields(emptyFields)
      announce(outcome, form[outcome])
    } catch (error) {
      console.error('[waitlist] the sign-up could not load (offline, or the site was updated meanwhile):', error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Form onSubmit={submit} onFocus={() => void prepare().catch(() => undefined)} aria-busy={submitting}>
      {fieldSpecs.map(({ field, ...input }) => (
        <Label key={field}>
          <span>{form[`${field}Label`]}</span>
          <Input
            {...input}
            name={field}
            aria-required="true"
            placeholder={form[`${field}Placeholder`]}
            value={fields[field]}
            onChange={update(field)}
          />
        </Label>
      ))}
      <Submit type="submit" disabled={!hydrated || submitting} aria-describedby="waitlist-consent">
        {submitting ? form.buttonLoading : form.buttonText}
      </Submit>
      {/* What is stored and why, next to the button (docs/product.md §4.1). */}
      <Disclaimer id="waitlist-consent">
        {form.consent.notice} <a href={pathOf('privacy', locale)}>{form.consent.linkText}</a>
      </Disclaimer>
      {form.disclaimer ? <Disclaimer>{form.disclaimer}</Disclaimer> : null}
      {used ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </Form>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: clamp(1.25rem, 1rem + 1.5vw, 2.25rem);
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.page};
  color: ${({ theme }) => theme.color.ink};
  box-shadow: ${({ theme }) => theme.shadow.raised};
`

const Label = styled.label`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 600;
  font-size: ${({ theme }) => theme.text.sm};
`

const Input = styled.input`
  /* Without these an input keeps its intrinsic ~20-character width and pushes a 320 px page sideways. */
  width: 100%;
  min-width: 0;
  min-height: 3rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  border: 1px solid ${({ theme }) => theme.color.borderStrong};
  background: ${({ theme }) => theme.color.page};
  color: ${({ theme }) => theme.color.ink};
  font-weight: 400;
  font-size: ${({ theme }) => theme.text.md};
  &::placeholder {
    color: #64748b;
  }
  &:focus-visible {
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.color.primary};
  }
`

const Submit = styled.button`
  min-height: 3.25rem;
  margin-top: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.inkInverse};
  font-weight: 700;
  font-size: ${({ theme }) => theme.text.md};
  cursor: pointer;
  transition: background-color 150ms ease;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.primaryHover};
  }
  &:disabled {
    cursor: progress;
    opacity: 0.75;
  }
`

const Disclaimer = styled.p`
  font-size: ${({ theme }) => theme.text.xs};
  color: ${({ theme }) => theme.color.inkMuted};
  text-align: center;
`
