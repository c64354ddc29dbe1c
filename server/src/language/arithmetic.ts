/**
 * The functions that work out a number from numbers (math/*.rs): their
 * answer is always a number, never empty. Read by the rules that ask whether
 * a value is a number (text arithmetic, empty values, lines that write a
 * value).
 */
export const ARITHMETIC_FUNCTIONS: readonly string[] = ['Zsum', 'Zsub', 'Zmulti', 'Zdiv', 'Zmodulo', 'Zcalculate'];
