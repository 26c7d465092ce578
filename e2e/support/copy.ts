/**
 * What a visitor reads, per language, copied from the seed (studio/seed/data.ndjson) and the
 * fixed UI strings. The tests compare the page against this table, not against the code.
 */
export const copy = {
  pt: {
    path: '/',
    htmlLang: 'pt-BR',
    ogLocale: 'pt_BR',
    title: 'Pulso | Avaliações de desempenho com IA a partir de reuniões',
    description:
      'O Pulso analisa reuniões e conversas para gerar feedback automático, resumos e avaliações de desempenho com evidências. 14 dias grátis, sem cartão.',
    headline: 'Avaliações de desempenho baseadas no trabalho real, não na memória',
    primaryCta: 'Começar teste grátis',
    secondaryCta: 'Ver como funciona',
    skipLink: 'Pular para o conteúdo',
    navLabel: 'Seções da página',
    nav: { features: 'Funcionalidades', useCases: 'Casos de uso', platform: 'Plataforma' },
    menuOpen: 'Abrir menu',
    menuClose: 'Fechar menu',
    languageLabel: 'Mudar idioma',
    sectionHeadings: {
      workflow: 'Como funciona',
      useCases: 'Feito para quem cuida de pessoas',
      results: 'O que muda quando a avaliação parte das conversas',
      features: 'Tudo o que você precisa para avaliar com justiça',
      platform: 'Uma plataforma que se encaixa no seu dia a dia',
      testimonials: 'Quem lidera pessoas já sente a diferença',
      cta: 'Sua próxima avaliação pode começar na próxima reunião',
      freeTrial: 'Teste o Pulso grátis por 14 dias',
    },
    steps: ['Conecte suas ferramentas', 'A IA acompanha as conversas', 'Revise e conclua a avaliação'],
    statistics: [
      { value: '90%', label: 'Economia de tempo com documentação' },
      { value: '3x', label: 'Avaliações mais precisas' },
      { value: '75%', label: 'Melhor retenção de talentos' },
      { value: '64%', label: 'Mais engajamento' },
    ],
    testimonials: [
      { author: 'Mariana Lopes', role: 'Head de Pessoas, Vértice', quoteStart: 'Antes, nossos gestores passavam dias' },
      { author: 'Rafael Carvalho', role: 'Gerente de Operações, Grupo Aurora', quoteStart: 'Eu dava feedback quando lembrava' },
      {
        author: 'Juliana Nascimento',
        role: 'Diretora de RH, Alvorada Participações',
        quoteStart: 'Pela primeira vez, todas as áreas',
      },
    ],
    rights: (year: number) => `© ${year} Pulso Tecnologia Ltda. Todos os direitos reservados.`,
    form: { name: 'Nome', role: 'Cargo', email: 'E-mail corporativo' },
    benefits: [
      '14 dias grátis, com todas as funcionalidades',
      'Sem cartão de crédito',
      'Configuração em poucos minutos',
      'Cancele quando quiser, sem burocracia',
      'Ajuda do nosso time na implantação',
    ],
    notFoundTitle: 'Ops! Página não encontrada',
    notFoundLink: 'Voltar ao início',
  },
  en: {
    path: '/en',
    htmlLang: 'en',
    ogLocale: 'en_US',
    title: 'Pulso | AI performance reviews from your meetings',
    description:
      'Pulso analyzes meetings and conversations to deliver automated feedback, summaries and evidence-based performance reviews. 14 days free, no credit card.',
    headline: 'Performance reviews built on real work, not memory',
    primaryCta: 'Start free trial',
    secondaryCta: 'See how it works',
    skipLink: 'Skip to content',
    navLabel: 'Page sections',
    nav: { features: 'Features', useCases: 'Use Cases', platform: 'Platform' },
    menuOpen: 'Open menu',
    menuClose: 'Close menu',
    languageLabel: 'Change language',
    sectionHeadings: {
      workflow: 'How It Works',
      useCases: 'Built for the people who lead people',
      results: 'What changes when reviews start from real conversations',
      features: 'Everything you need for fair, timely reviews',
      platform: 'A platform that fits the way you already work',
      testimonials: 'People leaders already feel the difference',
      cta: 'Your next review can start at your next meeting',
      freeTrial: 'Try Pulso free for 14 days',
    },
    steps: ['Connect your tools', 'AI follows the conversations', 'Review and finalize'],
    statistics: [
      { value: '90%', label: 'Time saved on documentation' },
      { value: '3x', label: 'More accurate reviews' },
      { value: '75%', label: 'Better retention' },
      { value: '64%', label: 'More engagement' },
    ],
    testimonials: [
      { author: 'Mariana Lopes', role: 'Head of People, Vértice', quoteStart: 'Our managers used to spend days' },
      {
        author: 'Rafael Carvalho',
        role: 'Operations Manager, Grupo Aurora',
        quoteStart: 'I used to give feedback whenever I remembered',
      },
      {
        author: 'Juliana Nascimento',
        role: 'HR Director, Alvorada Participações',
        quoteStart: 'For the first time, every department',
      },
    ],
    rights: (year: number) => `© ${year} Pulso Tecnologia Ltda. All rights reserved.`,
    form: { name: 'Name', role: 'Role', email: 'Work email' },
    benefits: [
      '14 days free, with every feature included',
      'No credit card required',
      'Set up in minutes',
      'Cancel anytime, no strings attached',
      'Onboarding help from our team',
    ],
    notFoundTitle: 'Oops! Page not found',
    notFoundLink: 'Return to Home',
  },
} as const

export type Lang = keyof typeof copy
export const langs = Object.keys(copy) as Lang[]

/** Section ids in page order, written out here to check the page against, not read from the code. */
export const sectionOrder = [
  'hero',
  'workflow',
  'useCases',
  'results',
  'features',
  'platform',
  'testimonials',
  'cta',
  'freeTrial',
] as const

/** Where the E2E server listens; the config starts it here (PULSO_E2E_PORT overrides 4173). */
export const BASE_URL = `http://127.0.0.1:${process.env.PULSO_E2E_PORT ?? 4173}`
