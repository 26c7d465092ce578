// Test helper: a place confirmed as its welcome's link confirms it (docs/product.md §4.5): its welcome
// recorded, then the confirmation, as the links function runs it. Answers the place's state.
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import type { SignupBackend } from '../../server/supabase/signups.ts'

export async function confirmPlace({ db, places }: Pick<SignupBackend, 'db' | 'places'>, email: string) {
  await createWelcomeStore(db).record({ email, name: 'Ana', locale: 'pt' }, new Headers({ 'x-forwarded-for': '10.200.0.2' }))
  const id = (await db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])).rows[0]?.id ?? ''
  return (await places.confirm(id)).state
}
