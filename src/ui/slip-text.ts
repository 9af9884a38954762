import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Coupon kinds in the player's language (TK single, KK combined, CK multiple, SK system). */
export const COUPON_TYPE: Record<string, MessageDescriptor> = { TK: msg`Single`, KK: msg`Combined`, CK: msg`Multiple`, SK: msg`System` };
