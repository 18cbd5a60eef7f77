import { describe, expect, it } from 'vitest';
import { spmModelBytes, vectors } from '../test/vectors.js';
import { corpusSpBleu, loadSentencePiece } from './sentencepiece.js';

const { mt } = vectors;

describe('SentencePiece and sp-BLEU', () => {
  it('encodes the first reference into the reference pieces', async () => {
    const sp = await loadSentencePiece(spmModelBytes());
    expect(sp.encodePieces(mt.references[0]!)).toEqual(mt.spm_pieces_first_reference);
    // Leading and trailing white space is stripped first, as the original does.
    expect(sp.encodePieces(`  ${mt.references[0]!}\n`)).toEqual(mt.spm_pieces_first_reference);
    expect(sp.encodePieces('')).toEqual([]);
  });

  it('corpus sp-BLEU matches the reference', async () => {
    const sp = await loadSentencePiece(spmModelBytes());
    expect(corpusSpBleu(sp, mt.hypotheses, mt.references)).toBeCloseTo(mt.corpus_spbleu, 4);
  });

  it('refuses an empty model', async () => {
    await expect(loadSentencePiece(new Uint8Array())).rejects.toThrow(/empty/);
  });
});
