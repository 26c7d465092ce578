// The join form's words and those of the pages its welcome links open, per language: the sign-up
// tests and the Launch tool's visitors (launch-tool.ts) join and confirm with the same ones.

/**
 * The seed's texts per language (studio/seed/data.ndjson): the form (freeTrial, privacyNote), the
 * welcome (welcomeEmail) and the pages its links open (linkPages).
 */
export const joinForm = {
  pt: {
    path: '/',
    labels: { name: 'Nome', role: 'Cargo', email: 'E-mail corporativo' },
    button: 'Solicitar teste grátis',
    loading: 'Processando...',
    success: 'Cadastro realizado!',
    error: 'Falha no cadastro',
    privacyLink: 'Aviso de privacidade',
    privacyTitle: 'Aviso de privacidade da lista de espera',
    mailSubject: 'Confirme seu lugar no teste grátis do Pulso',
    mailGreeting: (name: string) => `Olá, ${name}!`,
    confirmPath: '/confirmar',
    removePath: '/descadastrar',
    confirm: { title: 'Confirme seu lugar no teste grátis', button: 'Confirmar meu lugar', done: 'Lugar confirmado!' },
    remove: { title: 'Sair da lista de espera', button: 'Sair da lista', done: 'Você saiu da lista' },
    gone: 'Este cadastro não existe mais',
  },
  en: {
    path: '/en',
    labels: { name: 'Name', role: 'Role', email: 'Work email' },
    button: 'Request free trial',
    loading: 'Processing...',
    success: 'Registration Successful!',
    error: 'Registration Failed',
    privacyLink: 'Privacy note',
    privacyTitle: 'Waitlist privacy note',
    mailSubject: 'Confirm your place in the Pulso free trial',
    mailGreeting: (name: string) => `Hi ${name},`,
    confirmPath: '/en/confirm',
    removePath: '/en/unsubscribe',
    confirm: { title: 'Confirm your place in the free trial', button: 'Confirm my place', done: 'Your place is confirmed!' },
    remove: { title: 'Leave the waitlist', button: 'Leave the list', done: 'You’ve left the list' },
    gone: 'This sign-up no longer exists',
  },
}
