/**
 * The deposit and withdraw form of account-platform.md section 5: a form built from the pay
 * type's fields, checked field by field in the spec's order; the first error stops the submit.
 */

/** A field of a pay type (section 3). */
export interface PayField {
  name: string;
  title: string;
  /** text, number, amount, date, birthdate, datetime, email, time, pin, coordinates, ... */
  type: string;
  placeHolder?: string;
  minLength?: number;
  maxLength?: number;
  /** 0 or false: not required. */
  required?: number | boolean;
}

export interface PayFieldError { field: string; key: string; args: Record<string, string | number> }

const DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const DATETIME = /^(\d{2})\.(\d{2})\.(\d{4}) ([01]\d|2[0-3]):([0-5]\d)$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COORDS = /^X:\d{1,3},Y:\d{1,3}$/;

const validDay = (d: number, m: number, y: number): boolean => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/** What a key press may leave in a field: digits for number and PIN, digits and a dot for amount. */
export function filterFieldInput(type: string, value: string): string {
  if (type === 'number' || type === 'pin') return value.replace(/\D/g, '');
  if (type === 'amount') return value.replace(/[^\d.]/g, '');
  return value;
}

/** The first error of one field, in the order of section 5, or null. */
export function checkPayField(f: PayField, raw: string): PayFieldError | null {
  const v = raw.trim();
  const required = f.required === undefined || (f.required !== 0 && f.required !== false);
  const min = f.minLength ?? 0;
  const max = f.maxLength ?? 0;
  if (v && ((min && v.length < min) || (max && v.length > max))) {
    return { field: f.name, key: 'minLengthMaxLength', args: { title: f.title, min, max } };
  }
  if (v) {
    const type = f.type.toLowerCase();
    if (type === 'date' || type === 'birthdate') {
      const m = DATE.exec(v);
      if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) return { field: f.name, key: 'dateRequired', args: { title: f.title } };
    } else if (type === 'datetime') {
      const m = DATETIME.exec(v);
      if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) return { field: f.name, key: 'datetimeRequired', args: { title: f.title } };
    } else if (type === 'email') {
      if (!EMAIL.test(v)) return { field: f.name, key: 'emailRequired', args: { title: f.title } };
    } else if (type === 'number' || type === 'amount') {
      if (!/^\d+$/.test(v.replace('.', ''))) return { field: f.name, key: 'numberRequired', args: { title: f.title } };
    } else if (type === 'time') {
      if (!TIME.test(v)) return { field: f.name, key: 'timeRequired', args: { title: f.title } };
    } else if (type === 'coordinates') {
      if (!COORDS.test(v.replace(/\s/g, ''))) return { field: f.name, key: 'coordinatesRequired', args: { title: f.title } };
    }
    return null;
  }
  return required ? { field: f.name, key: 'isRequiredArea', args: { title: f.title } } : null;
}

/** The first error of a whole form (fields in their order), or null. */
export function checkPayForm(fields: readonly PayField[], values: Readonly<Record<string, string>>): PayFieldError | null {
  for (const f of fields) {
    const e = checkPayField(f, values[f.name] ?? '');
    if (e) return e;
  }
  return null;
}

/** A datetime value as sent: day.month.year hour:minute (section 5). */
export function datetimeWire(v: string): string {
  const m = DATETIME.exec(v.trim());
  return m ? `${Number(m[1])}.${Number(m[2])}.${m[3]} ${m[4]}:${m[5]}` : v;
}

/** A 'key|arg|...' error of a deposit or withdraw reply, split for translation (section 8). */
export function splitPayError(error: string): { key: string; args: string[] } {
  const [key = '', ...args] = error.split('|');
  return { key, args };
}

/** The payment amount bands of section 9, in minor units (the last open-ended). */
export const AMOUNT_BANDS: ReadonlyArray<readonly [number, number | null]> = [
  [100, 10_000], [10_000, 25_000], [25_000, 50_000], [50_000, 100_000], [100_000, 500_000], [500_000, null],
];
