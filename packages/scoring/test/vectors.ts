import fs from 'node:fs';
import path from 'node:path';

const REFERENCE = path.resolve(import.meta.dirname, '../reference');

/** The reference scores (reference/README.md), read from the committed JSON. */
export interface MetricVectors {
  mt: {
    hypotheses: string[];
    references: string[];
    corpus_bleu_13a: number;
    corpus_chrf: number;
    corpus_chrfpp: number;
    sentence_bleu_13a_expsmooth: number[];
    sentence_chrfpp: number[];
    spm_model_file: string;
    spm_pieces_first_reference: string[];
    corpus_spbleu: number;
  };
  squad: {
    items: Array<{ prediction: string; answers: string[]; em: number; f1: number }>;
    mean_em_x100: number;
    mean_f1_x100: number;
  };
}

export const vectors = JSON.parse(
  fs.readFileSync(path.join(REFERENCE, 'metric-vectors.json'), 'utf8'),
) as MetricVectors;

/** The SentencePiece model the reference sp-BLEU was computed with, as bytes. */
export const spmModelBytes = () =>
  new Uint8Array(fs.readFileSync(path.join(REFERENCE, vectors.mt.spm_model_file)));
