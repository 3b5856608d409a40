/**
 * Patent number normalisation lives in @patlas/contracts (patent-numbers.ts) so the web app
 * recognises numbers with the same rules (quick search); the engine's modules keep importing it here.
 */
export {
  normalizeApplicationNumber,
  normalizePublicationNumber,
  numberKeysForLookup,
  numberKeysForRecord,
  parsePublicationNumber,
  type ParsedPublicationNumber,
} from '@patlas/contracts';
