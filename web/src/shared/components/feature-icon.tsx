import {
  CalendarDays,
  FileText,
  LayoutTemplate,
  MessageSquareText,
  Plug,
  ShieldCheck,
  Sparkles,
  Target,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react'
import type { FeatureIcon as FeatureIconName } from '../../../../schemas/feature-icons.ts'

const icons: Record<FeatureIconName, LucideIcon> = {
  feedback: MessageSquareText,
  progress: TrendingUp,
  templates: LayoutTemplate,
  transcript: FileText,
  integrations: Plug,
  insights: Sparkles,
  security: ShieldCheck,
  goals: Target,
  calendar: CalendarDays,
}

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  const Icon = icons[name]
  return <Icon aria-hidden="true" size={24} strokeWidth={2} />
}
