import { Checkbox, Flex, Label, Stack, Text, TextInput } from '@sanity/ui'

// The new update's form fields: a set of ticked values, and a labelled text.

export function Choices<Value extends string>({
  legend,
  names,
  chosen,
  onToggle,
}: {
  legend: string
  names: Record<Value, string>
  chosen: Value[]
  onToggle: (value: Value) => void
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text size={1} weight="semibold">
          {legend}
        </Text>
      </legend>
      <Flex gap={3} paddingTop={2} wrap="wrap">
        {(Object.keys(names) as Value[]).map((value) => (
          <Flex key={value} as="label" gap={2} align="center">
            <Checkbox checked={chosen.includes(value)} onChange={() => onToggle(value)} />
            <Text size={1}>{names[value]}</Text>
          </Flex>
        ))}
      </Flex>
    </fieldset>
  )
}

export function Field({
  id,
  label,
  value,
  onChange,
  type = 'text',
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'email'
}) {
  return (
    <Stack gap={2}>
      <Label as="label" htmlFor={id}>
        {label}
      </Label>
      <TextInput id={id} type={type} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </Stack>
  )
}
