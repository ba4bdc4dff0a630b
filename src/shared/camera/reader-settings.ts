/**
 * Issue 31: how tesseract.js is told to read, the same in the browser and in the image tests.
 * Only the LSTM engine runs (the shop serves only its cores and model).
 */
import { PSM } from 'tesseract.js';
import { PLATE_ALPHABET } from '../../domain/number-plates';
import { PART_NUMBER_ALPHABET } from '../../domain/part-number-reading';

/** A plate: one line, A–Z and 0–9 only. */
export const PLATE_READER_PARAMETERS = {
  tessedit_pageseg_mode: PSM.SINGLE_LINE,
  tessedit_char_whitelist: PLATE_ALPHABET,
};

/** A label: a block of lines in the part-number alphabet. */
export const LABEL_READER_PARAMETERS = {
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  tessedit_char_whitelist: PART_NUMBER_ALPHABET,
};
