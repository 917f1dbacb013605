/**
 * Text of a few lines that a receipt prints as typed: the shop's address, the receipt's footer. Each line follows
 * the one-line text rules (text-rules.ts: no control character, no direction override; trimmed, stored in NFC);
 * blank lines are dropped. The server's check and the published JSON Schema are the same regular expression, built
 * from the one-line pattern, so the two cannot drift.
 */
import { leaf, type Rule } from './body-rules'
import { TEXT_RULES_DESCRIPTION, storedText, textFieldSchema, textProblem } from './text-rules'

/** The one-line pattern, unanchored and of any length (the whole text's length is bounded once, below). */
function linePattern(): string {
  const { pattern } = textFieldSchema(2)
  return pattern.slice(1, -1).replace('{0,0}', '*')
}

/** Lines of the stored form: split at line breaks, each trimmed and in NFC, blank ones left out. */
export function textLines(text: string): string[] {
  return text
    .split('\n')
    .map(storedText)
    .filter((line) => line !== '')
}

/**
 * A field of at most `maxLines` lines (blank ones not counted) and `maxLength` characters as sent. Stored as its
 * lines joined by a line break.
 */
export function multiLineTextField(label: string, maxLines: number, maxLength: number, description: string): Rule<string> {
  const line = linePattern()
  // A line's padding may hold line breaks too: blank lines fall into it, so the count is of lines with text.
  // Lines are joined by a literal line break: the \n escape is outside JSON Schema's interoperable subset.
  const shape = `^${line}(?:\n${line}){0,${maxLines - 1}}$`
  const blank = textFieldSchema(2).not.pattern
  const [shapeRule, blankRule] = [new RegExp(shape, 'u'), new RegExp(blank, 'u')]
  return leaf(
    (value, field, errors) => {
      const refuse = (message: string) => void errors.push({ field, message: `${label} ${message}` })
      if (typeof value !== 'string') return refuse('must be text')
      if ([...value].length > maxLength) return refuse(`is ${[...value].length} characters long; at most ${maxLength} are allowed`)
      if (blankRule.test(value)) return refuse('must not be blank')
      if (shapeRule.test(value)) return textLines(value).join('\n')
      const lines = value.split('\n')
      const wrong = lines.findIndex((text) => text.trim() !== '' && textProblem(text) !== undefined)
      if (wrong >= 0) return refuse(`line ${wrong + 1} ${textProblem(lines[wrong]!)}`)
      return refuse(`has ${textLines(value).length} lines; at most ${maxLines} are printed`)
    },
    {
      type: 'string',
      maxLength,
      pattern: shape,
      not: { pattern: blank },
      description: `${description} At most ${maxLines} lines (separated by \\n; blank lines are dropped) and ${maxLength} characters. Each line: ${TEXT_RULES_DESCRIPTION}`
    }
  )
}
