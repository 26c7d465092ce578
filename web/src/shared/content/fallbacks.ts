import type { Locale } from '../../../../schemas/locales.ts'
import type { IntegrationCategory } from '../../../../schemas/integration-categories.ts'

/**
 * What the page says when a document or a field is missing for the reader's language.
 * Typed per language, so a missing English key fails the type check, not the visitor.
 */
export interface FallbackCopy {
  brandName: string
  rights: string
  skipToContent: string
  navLabel: string
  navFeatures: string
  navUseCases: string
  navPlatform: string
  headerCta: string
  menuOpen: string
  menuClose: string
  languageLabel: string
  notFoundTitle: string
  notFoundLink: string
  heroHeadline: string
  heroOldWayTitle: string
  heroNewWayTitle: string
  heroPrimaryCta: string
  heroSecondaryCta: string
  workflowTitle: string
  workflowStepTitle: (n: number) => string
  workflowStepDescription: (n: number) => string
  useCasesTitle: string
  resultsTitle: string
  featuresTitle: string
  platformTitle: string
  integrationsTitle: string
  integrationGroups: Record<IntegrationCategory, string>
  securityTitle: string
  testimonialsTitle: string
  ctaTitle: string
  ctaButton: string
  freeTrialTitle: string
  nameLabel: string
  roleLabel: string
  emailLabel: string
  buttonText: string
  buttonLoading: string
  /** Beside the button: what is stored and why (its version is FALLBACK_CONSENT_VERSION). */
  consentNotice: string
  privacyLinkText: string
  successTitle: string
  successDescription: string
  errorTitle: string
  errorDescription: string
  /** The default error screen, shown when rendering itself failed. */
  unexpectedError: string
}

export const fallbacks: Record<Locale, FallbackCopy> = {
  pt: {
    brandName: 'Pulso',
    rights: '© {year} Pulso. Todos os direitos reservados.',
    skipToContent: 'Pular para o conteúdo',
    navLabel: 'Seções',
    navFeatures: 'Funcionalidades',
    navUseCases: 'Casos de uso',
    navPlatform: 'Plataforma',
    headerCta: 'Teste grátis',
    menuOpen: 'Abrir menu',
    menuClose: 'Fechar menu',
    languageLabel: 'Mudar idioma',
    notFoundTitle: 'Ops! Página não encontrada',
    notFoundLink: 'Voltar ao início',
    heroHeadline: 'Avaliações de desempenho a partir das suas reuniões',
    heroOldWayTitle: 'Do jeito antigo',
    heroNewWayTitle: 'Com IA',
    heroPrimaryCta: 'Começar teste grátis',
    heroSecondaryCta: 'Ver como funciona',
    workflowTitle: 'Como funciona',
    workflowStepTitle: (n) => `Passo ${n}`,
    workflowStepDescription: (n) => `Descrição do passo ${n}`,
    useCasesTitle: 'Para quem é',
    resultsTitle: 'Resultados',
    featuresTitle: 'Funcionalidades',
    platformTitle: 'Plataforma',
    integrationsTitle: 'Integrações',
    integrationGroups: { chat: 'Chat', video: 'Videochamadas', team: 'Ferramentas de equipe' },
    securityTitle: 'Segurança',
    testimonialsTitle: 'O que dizem nossos clientes',
    ctaTitle: 'Pronto para começar?',
    ctaButton: 'Começar teste grátis',
    freeTrialTitle: 'Teste grátis por 14 dias',
    nameLabel: 'Nome',
    roleLabel: 'Cargo',
    emailLabel: 'E-mail corporativo',
    buttonText: 'Quero testar grátis',
    buttonLoading: 'Processando...',
    consentNotice:
      'Guardamos seu e-mail, cargo e nome só para liberar seu teste e falar com você sobre ele. Vamos pedir sua confirmação por e-mail; sem ela, apagamos tudo.',
    privacyLinkText: 'Aviso de privacidade',
    successTitle: 'Cadastro realizado!',
    successDescription: 'Confira seu e-mail para os próximos passos.',
    errorTitle: 'Falha no cadastro',
    errorDescription: 'Ocorreu um erro ao processar sua solicitação. Tente novamente.',
    unexpectedError: 'Unexpected Application Error!',
  },
  en: {
    brandName: 'Pulso',
    rights: '© {year} Pulso. All rights reserved.',
    skipToContent: 'Skip to content',
    navLabel: 'Sections',
    navFeatures: 'Features',
    navUseCases: 'Use Cases',
    navPlatform: 'Platform',
    headerCta: 'Free trial',
    menuOpen: 'Open menu',
    menuClose: 'Close menu',
    languageLabel: 'Change language',
    notFoundTitle: 'Oops! Page not found',
    notFoundLink: 'Return to Home',
    heroHeadline: 'Performance reviews from your meetings',
    heroOldWayTitle: 'The old way',
    heroNewWayTitle: 'With AI',
    heroPrimaryCta: 'Start free trial',
    heroSecondaryCta: 'See how it works',
    workflowTitle: 'How It Works',
    workflowStepTitle: (n) => `Step ${n}`,
    workflowStepDescription: (n) => `Description for step ${n}`,
    useCasesTitle: 'Who it is for',
    resultsTitle: 'Results',
    featuresTitle: 'Features',
    platformTitle: 'Platform',
    integrationsTitle: 'Integrations',
    integrationGroups: { chat: 'Chat', video: 'Video meetings', team: 'Team tools' },
    securityTitle: 'Security',
    testimonialsTitle: 'What our customers say',
    ctaTitle: 'Ready to start?',
    ctaButton: 'Start free trial',
    freeTrialTitle: 'Try it free for 14 days',
    nameLabel: 'Name',
    roleLabel: 'Role',
    emailLabel: 'Work email',
    buttonText: 'Start my free trial',
    buttonLoading: 'Processing...',
    consentNotice:
      'We keep your email, role and name only to give you trial access and write to you about it. We’ll ask you to confirm by email; if you don’t, we delete everything.',
    privacyLinkText: 'Privacy note',
    successTitle: 'Registration Successful!',
    successDescription: 'Check your email for the next steps.',
    errorTitle: 'Registration Failed',
    errorDescription: 'There was an error processing your request. Please try again.',
    unexpectedError: 'Unexpected Application Error!',
  },
}
