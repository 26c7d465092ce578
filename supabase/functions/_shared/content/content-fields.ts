import { z } from 'zod/mini'

type Schema = z.core.$ZodType

/**
 * How a generated parser (`*.parser.ts`, written by scripts/content-parsers.ts from the Sanity schema
 * and a query) builds the places where the schema lets content be absent: a field that may be null, an
 * attribute that may be left out, a list. Everything else in it (texts, numbers, literals, objects)
 * is plain zod. The same parser is built twice: with `strictFields` it says what is wrong and where,
 * with `lenientFields` it gives the content with each wrong value dropped
 * (docs/decisions/0062-content-parsed-where-it-enters.md).
 */
export interface Fields {
  /** A value that may be null, as every field a projection names (the document may lack it). */
  nullable<T extends Schema>(schema: T): z.ZodMiniNullable<T>
  /** An attribute an object may leave out, as a language of a localized text. */
  optional<T extends Schema>(schema: T): z.ZodMiniOptional<T>
  /** A list. */
  list<T extends Schema>(item: T): z.ZodMiniArray<T>
  /** A Sanity object's `_type`, the one value the schema allows there (`localeString`). */
  sanityType<Name extends string>(name: Name): z.ZodMiniLiteral<Name>
}

/** The schema's types as they are: a wrong value is an issue, with its path. */
export const strictFields: Fields = {
  nullable: (schema) => z.nullable(schema),
  optional: (schema) => z.optional(schema),
  list: (item) => z.array(item),
  sanityType: (name) => z.literal(name),
}

/**
 * The same types, a wrong value dropped where the schema allows its absence: a field becomes null,
 * an attribute is left out, a list loses the item; the reader's fallback takes its place, field by
 * field. A wrong value where nothing may be absent (a `_key`, a `_type`) takes the object holding
 * it: that object is dropped where it may be. A Sanity object's `_type` left out or wrong (a script
 * that wrote `{ pt, en }` alone) is the one the schema gives there: what the object holds is still
 * read. Typed as the strict fields: for content that is right they give the same output.
 */
export const lenientFields: Fields = {
  nullable: <T extends Schema>(schema: T) => z.catch(z.nullable(schema), null) as unknown as z.ZodMiniNullable<T>,
  optional: <T extends Schema>(schema: T) => z.catch(z.optional(schema), undefined) as unknown as z.ZodMiniOptional<T>,
  list: <T extends Schema>(item: T) =>
    z.pipe(
      z.array(z.unknown()),
      z.transform((items) =>
        items.flatMap((value) => {
          const parsed = z.safeParse(item, value)
          return parsed.success ? [parsed.data] : []
        }),
      ),
    ) as unknown as z.ZodMiniArray<T>,
  // A caught literal keeps its value for z.discriminatedUnion: a page section is still told apart by its `_type`.
  sanityType: <Name extends string>(name: Name) => z.catch(z.literal(name), name) as unknown as z.ZodMiniLiteral<Name>,
}
