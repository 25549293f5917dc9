// Guards SAVED_DATA_VERSION: the fingerprint of the shape of every answer the persisted query cache saves
// (the data each query of src/web/features/*/queries.ts fetches, report and capture answers aside: they live
// in the device cache) is worked out from the types by the TypeScript compiler. A change of that shape
// without a bump of the version would have a new build read an old saved copy as the new shape.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { NOT_PERSISTED_PREFIXES } from './persisted-cache'
import { SAVED_DATA_FINGERPRINT, SAVED_DATA_VERSION } from './saved-data-version'

const ROOT = join(import.meta.dirname, '../../../..')

function queryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return queryFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && readFileSync(path, 'utf8').includes('queryOptions(') ? [path] : []
  })
}

/** The type written out in full (properties sorted, named types expanded), so any change of shape shows. */
function shapeOf(checker: ts.TypeChecker, type: ts.Type, seen: ts.Type[] = []): string {
  if (seen.includes(type)) return '<recursive>'
  const inner = (t: ts.Type) => shapeOf(checker, t, [...seen, type])
  if (type.isUnion()) return type.types.map(inner).sort().join(' | ')
  if (checker.isTupleType(type)) return `[${checker.getTypeArguments(type as ts.TypeReference).map(inner).join(', ')}]`
  if (checker.isArrayType(type)) return `${inner(checker.getTypeArguments(type as ts.TypeReference)[0]!)}[]`
  if (!(type.flags & ts.TypeFlags.Object) && !type.isIntersection()) return checker.typeToString(type)
  if (type.getCallSignatures().length > 0) return 'function'
  const properties = checker.getPropertiesOfType(type).map((symbol) => {
    const optional = symbol.flags & ts.SymbolFlags.Optional ? '?' : ''
    return `${symbol.name}${optional}: ${inner(checker.getTypeOfSymbol(symbol))}`
  }).sort()
  const index = checker.getIndexInfosOfType(type).map((info) => `[key: ${checker.typeToString(info.keyType)}]: ${inner(info.type)}`)
  return `{ ${[...index, ...properties].join('; ')} }`
}

/** One line per saved query: where it is defined, its key and the shape of its data. */
function savedShapes(): string[] {
  const files = queryFiles(join(ROOT, 'src/web'))
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!
  const program = ts.createProgram(files, config.options)
  const checker = program.getTypeChecker()
  const lines: string[] = []
  for (const file of files) {
    const source = program.getSourceFile(file)!
    const module = checker.getSymbolAtLocation(source)
    for (const exported of module ? checker.getExportsOfModule(module) : []) {
      for (const signature of checker.getTypeOfSymbol(exported).getCallSignatures()) {
        const options = signature.getReturnType()
        const key = options.getProperty('queryKey')
        const fn = options.getProperty('queryFn')
        if (!key || !fn) continue
        // queryOptions tags the key's tuple with the data's type.
        const tagged = checker.getTypeOfSymbol(key)
        const keyType = (tagged.isIntersection() ? tagged.types : [tagged]).find((t) => checker.isTupleType(t))
        const root = keyType && checker.getTypeArguments(keyType as ts.TypeReference)[0]
        if (!keyType || !root?.isStringLiteral()) throw new Error(`${exported.name}: a query key starts with its name`)
        if (NOT_PERSISTED_PREFIXES.includes(root.value)) continue
        const data = checker.getNonNullableType(checker.getTypeOfSymbol(fn)).getCallSignatures()
          .map((call) => shapeOf(checker, checker.getAwaitedType(call.getReturnType()) ?? call.getReturnType()))
        lines.push(`${relative(ROOT, file)} ${exported.name} ${checker.typeToString(keyType)}: ${data.join(' | ')}`)
      }
    }
  }
  return lines.sort()
}

describe('the version of the saved data', () => {
  it('is bumped whenever the shape of the saved answers changes', () => {
    const shapes = savedShapes()
    // The shell starts from these: they must be among the saved answers.
    expect(shapes.some((line) => line.includes('profileQuery readonly ["auth", "profile"]: { access: {'))).toBe(true)
    expect(shapes.some((line) => line.includes('mySchoolsQuery readonly ["shell", "my-schools"]: {'))).toBe(true)
    expect(shapes.some((line) => /readonly \["(reports|capture)"/.test(line))).toBe(false)
    const fingerprint = createHash('sha256').update(shapes.join('\n')).digest('hex').slice(0, 16)
    expect(fingerprint, `The shape of the saved answers changed: set SAVED_DATA_VERSION to ${SAVED_DATA_VERSION + 1} and `
      + `SAVED_DATA_FINGERPRINT to '${fingerprint}' in src/web/lib/query/saved-data-version.ts`).toBe(SAVED_DATA_FINGERPRINT)
  }, 60_000)
})
