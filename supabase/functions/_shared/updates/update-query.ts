import { defineQuery } from 'groq'

/**
 * An update's words (schemas/documents/update-email.ts), by the document id the update was sent
 * from: read when its messages are composed, so the one declaration of the schema types the sender
 * (its parser is generated, docs/decisions/0062-content-parsed-where-it-enters.md). A list of at
 * most one: the generated parsers name one document only by a fixed id, a list by its type.
 */
export const updateEmailQuery = defineQuery(`*[_type == "updateEmail" && _id == $id]{
  subject, preheader, greeting, greetingWithoutName, signOff,
  body{
    pt[]{ _type, _key, style, markDefs[]{ _type, _key, href }, children[]{ _type, _key, text, marks }, label, href },
    en[]{ _type, _key, style, markDefs[]{ _type, _key, href }, children[]{ _type, _key, text, marks }, label, href }
  }
}`)
