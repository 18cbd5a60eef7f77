/**
 * SentencePiece encoding for sp-BLEU, through the SentencePiece C++ library compiled to
 * WebAssembly (`@sctg/sentencepiece-js`, Apache-2.0; the WASM is inside the package, nothing is
 * downloaded). The model arrives as bytes: reading the file is the caller's job.
 */
import { BLEU_DIMS, bleuFromStats, bleuStats } from './mt.js';

export interface SentencePiece {
  /** The pieces of a line, as `spm.EncodeAsPieces(line.strip())`. */
  encodePieces(text: string): string[];
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Loads a SentencePiece `.model` (the serialized ModelProto). */
export async function loadSentencePiece(model: Uint8Array): Promise<SentencePiece> {
  if (model.length === 0) throw new RangeError('The SentencePiece model is empty');
  // Loaded on first use: the library carries its WASM and is only needed for sp-BLEU.
  const { SentencePieceProcessor } = await import('@sctg/sentencepiece-js');
  const processor = new SentencePieceProcessor();
  await processor.loadFromB64StringModel(toBase64(model));
  return {
    encodePieces: (text) => processor.encodePieces(text.trim()),
  };
}

/** A line as sp-BLEU sees it: its pieces joined by spaces. */
export const spTokenize = (sp: SentencePiece, line: string) => sp.encodePieces(line).join(' ');

/** sp-BLEU statistics of a sentence: both sides encoded into pieces, then BLEU untokenized. */
export function spBleuStats(
  sp: SentencePiece,
  hypothesis: string,
  reference: string,
  out: Float64Array = new Float64Array(BLEU_DIMS),
  at = 0,
): Float64Array {
  return bleuStats(spTokenize(sp, hypothesis), spTokenize(sp, reference), 'none', out, at);
}

/** Corpus sp-BLEU (FLORES): `corpus_bleu(spm(hyps), [spm(refs)], force=True)`. */
export function corpusSpBleu(
  sp: SentencePiece,
  hypotheses: readonly string[],
  references: readonly string[],
): number {
  if (hypotheses.length !== references.length) {
    throw new RangeError(
      `${hypotheses.length} hypotheses but ${references.length} references: they must pair up`,
    );
  }
  const total = new Float64Array(BLEU_DIMS);
  const one = new Float64Array(BLEU_DIMS);
  hypotheses.forEach((h, i) => {
    spBleuStats(sp, h, references[i]!, one);
    for (let k = 0; k < BLEU_DIMS; k++) total[k]! += one[k]!;
  });
  return bleuFromStats(total);
}
