// Reading one file row's cells into typed values, collecting `{column: code}` errors in the
// docs/product.md §5 codes as it goes, for the kinds' parseRow functions.

const NUMBER = /^-?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TRUE = ['1', 'yes', 'true', 'y'];
const FALSE = ['0', 'no', 'false', 'n'];

export class RowCells {
  readonly errors: Record<string, string> = {};

  constructor(private readonly values: Record<string, string>) {}

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  fail(key: string, code: string): null {
    this.errors[key] ??= code;
    return null;
  }

  /** Trimmed text; `required` when empty and required; `max` when longer than `max`. */
  text(key: string, options: { required?: boolean; max: number }): string | null {
    const value = (this.values[key] ?? '').trim();
    if (value === '') return options.required ? this.fail(key, 'required') : null;
    if (value.length > options.max) return this.fail(key, 'max');
    return value;
  }

  /** A code looked up (case-insensitively) in `known`: `exists` when it is not there. */
  ref<T>(key: string, known: ReadonlyMap<string, T>, required = true): T | null {
    const code = this.text(key, { required, max: 60 });
    if (code === null) return null;
    return known.get(code.toLowerCase()) ?? this.fail(key, 'exists');
  }

  number(
    key: string,
    options: { required?: boolean; min?: number; above?: number; integer?: boolean } = {},
  ): number | null {
    const text = this.text(key, { required: options.required ?? false, max: 30 });
    if (text === null) return null;
    if (!NUMBER.test(text)) return this.fail(key, 'numeric');
    const value = Number(text);
    if (options.integer && !Number.isInteger(value)) return this.fail(key, 'integer');
    if (options.min !== undefined && value < options.min)
      return this.fail(key, `Must be at least ${options.min}`);
    if (options.above !== undefined && value <= options.above)
      return this.fail(key, `Must be greater than ${options.above}`);
    return value;
  }

  date(key: string, required = false): string | null {
    const text = this.text(key, { required, max: 10 });
    if (text === null) return null;
    if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return this.fail(key, 'in');
    return text;
  }

  boolean(key: string, fallback: boolean): boolean {
    const text = (this.values[key] ?? '').trim().toLowerCase();
    if (text === '') return fallback;
    if (TRUE.includes(text)) return true;
    if (FALSE.includes(text)) return false;
    this.fail(key, 'in');
    return fallback;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback?: T): T | null {
    const text = this.text(key, { required: fallback === undefined, max: 30 });
    if (text === null) return fallback ?? null;
    const value = allowed.find((a) => a === text.toLowerCase());
    return value ?? this.fail(key, 'in');
  }
}
