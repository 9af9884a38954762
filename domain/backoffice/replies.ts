/**
 * The shapes every back-office call shares: the paging of a list payload and the list, action and
 * refusal replies. A leaf module, so the area tables that domain/backoffice/calls.ts gathers
 * (catalogue, trading, content, casino) can use them without importing that table back.
 */
import { z } from 'zod';

/** Paging of every list: page (0 first), rows a page, a sort column of the list and its direction. */
export const paging = {
  order: z.number().int().nonnegative().optional().default(0),
  limit: z.number().int().min(1).max(200).optional().default(50),
  sort: z.string().max(40).optional(),
  dir: z.enum(['asc', 'desc']).optional().default('desc'),
};
/** Every list reply: the rows of the page and the count of all rows that match. */
export interface Page<T> { status: true; totalCount: number; results: T[] }
/** Every action reply. */
export interface Done { status: true; msg: string }
/** Every refusal (also 'not found or not yours': one answer for both). */
export interface Refusal { status: false; msg: string; error: string }
