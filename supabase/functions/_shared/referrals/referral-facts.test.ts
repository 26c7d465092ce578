import { describe, expect, it } from 'vitest'
import { isDisposable, maskedName } from './referral-facts.ts'

describe('isDisposable', () => {
  it('knows the throwaway inboxes of the maintained list, and the domains under them', () => {
    for (const address of ['x@mailinator.com', 'x@yopmail.com', 'x@guerrillamail.com', 'x@10minutemail.com', 'x@temp-mail.org']) {
      expect(isDisposable(address), address).toBe(true)
    }
    expect(isDisposable('x@sub.mailinator.com')).toBe(true)
  })

  it('leaves work and personal mailboxes alone', () => {
    for (const address of ['ana@empresa.example', 'ana@gmail.com', 'ana@outlook.com', 'ana@pulso.app', 'ana@localhost']) {
      expect(isDisposable(address), address).toBe(false)
    }
  })
})

describe('maskedName', () => {
  it('keeps the first initial and the last word’s', () => {
    expect(maskedName('Ana Souza')).toBe('A*** S.')
    expect(maskedName('maria eduarda dos santos')).toBe('M*** S.')
    expect(maskedName('Ana')).toBe('A***')
    expect(maskedName('Élodie Ørsted')).toBe('É*** Ø.')
  })

  it('shows nothing of a name the greeting would not use either', () => {
    expect(maskedName('bit.ly/win')).toBeNull()
    expect(maskedName('Conta Bloqueada Ligue Agora')).toBeNull()
    expect(maskedName('')).toBeNull()
  })

  it('fits the database’s rule for the column', () => {
    for (const name of ['Ana Souza', 'Ana', 'J. R. R. Tolkien', 'Anne-Marie O’Neil']) {
      expect(maskedName(name)).toMatch(/^\S\*\*\*( \S\.)?$/u)
    }
  })
})
