import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Coupon status words of section 4 (0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold). */
export const STATUS: Record<number, MessageDescriptor> = {
  0: msg`Waiting`, 1: msg`Won`, [-1]: msg`Lost`, [-2]: msg`Cancelled`, 2: msg`Sold`,
};

/** Coupon kinds shown (section 4). */
export const KIND: Record<string, MessageDescriptor> = {
  live: msg`Live`, single: msg`Single`, system: msg`System`, multipleCoupon: msg`Multiple`, combine: msg`Combined`,
};

/** The win cell (section 4: paid, lost, waiting). */
export const WIN: Record<string, MessageDescriptor> = {
  paid: msg`Paid`, lost: msg`Lost`, waiting: msg`Waiting`, sold: msg`Sold`, refunded: msg`Refunded`,
};

/** A match line's state. */
export const LINE_STATE: Record<string, MessageDescriptor> = {
  waiting: msg`Waiting`, live: msg`Live`, won: msg`Won`, lost: msg`Lost`, void: msg`Void`, sold: msg`Sold`, cancelled: msg`Cancelled`,
};

/** A settled tip's outcome. */
export const OUTCOME: Record<string, MessageDescriptor> = {
  won: msg`Won`, lost: msg`Lost`, void: msg`Void`, halfWon: msg`Half won`, halfLost: msg`Half lost`,
};

/** A won tip whose win a dead heat divided (its factor follows the word). */
export const DEAD_HEAT = msg`Dead heat`;

/** Filter options: status values and coupon filter types (section 2). */
export const STATUS_FILTERS: Array<{ value: number | ''; label: MessageDescriptor }> = [
  { value: '', label: msg`All statuses` }, { value: 0, label: msg`Waiting` }, { value: 1, label: msg`Won` },
  { value: -1, label: msg`Lost` }, { value: -2, label: msg`Cancelled` }, { value: 2, label: msg`Sold` },
];
export const TYPE_FILTERS: Array<{ value: number | ''; label: MessageDescriptor }> = [
  { value: '', label: msg`All types` }, { value: 0, label: msg`Combined` }, { value: 1, label: msg`System` },
  { value: 2, label: msg`Multiple` }, { value: 3, label: msg`Single` }, { value: 4, label: msg`Live` },
];
