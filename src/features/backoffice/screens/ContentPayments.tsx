import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { bo } from '../bo-client.ts';
import { useAction, useBoFetch } from '../action.ts';
import { DataTable } from '../table.tsx';
import type { BoPayBank, BoPayCategory, BoPayType, boSavePayTypePayload } from '../../../../domain/content/bo-calls.ts';
import type { z } from 'zod';
import { EditDialog, StatusText, type FieldSpec } from './ContentShared.tsx';

// Amounts are edited in whole units and stored in minor units (two decimals).
const major = (minor: number) => minor / 100;
const minor = (v: unknown) => Math.round(Number(v) * 100);

interface CatDraft extends Record<string, unknown> { id?: number; catName: string; info: string; logo: string; openLink: string; transferType: number; listOrder: number; status: number }
interface TypeDraft extends Record<string, unknown> {
  id?: number; catId: number; payType: string; payTag: string; logo: string; min: number; max: number; fields: string; infofields: string;
  iframe: number; paymentUrl: string; listOrder: number; status: number;
}
interface BankDraft extends Record<string, unknown> { id?: number; payId: number; name: string; swiftcode: string; logo: string; amounts: string }

/** JSON text that must parse to an array (the form fields and info lines); anything else is sent as is and refused by the server. */
const parseList = (s: string): unknown[] => { try { const v = JSON.parse(s) as unknown; return Array.isArray(v) ? v : []; } catch { return [{ invalid: s }]; } };

/** Payment methods (section 3): categories of deposit and withdrawal, their pay types with form fields and limits, and community-bank banks with amount options. */
export function PaymentMethodsScreen() {
  const { t } = useLingui();
  const { reply, reload } = useBoFetch('bo/paymentMethods', {});
  const cats = reply?.status ? reply.results : null;
  const [cat, setCat] = useState<CatDraft | null>(null);
  const [type, setType] = useState<TypeDraft | null>(null);
  const [bank, setBank] = useState<BankDraft | null>(null);
  const act = useAction();
  const catFields: Array<FieldSpec<CatDraft>> = [
    { key: 'catName', label: t`Category name`, type: 'text' },
    { key: 'transferType', label: t`For`, type: 'select', options: [{ value: 0, label: t`Deposit` }, { value: 1, label: t`Withdrawal` }] },
    { key: 'info', label: t`Information line`, type: 'text', wide: true },
    { key: 'logo', label: t`Logo`, type: 'image', kind: 'logo' },
    { key: 'openLink', label: t`Opens a page instead (optional)`, type: 'text' },
    { key: 'listOrder', label: t`Order`, type: 'number' },
    { key: 'status', label: t`Active`, type: 'check' },
  ];
  const typeFields: Array<FieldSpec<TypeDraft>> = [
    { key: 'payTag', label: t`Method name`, type: 'text' },
    { key: 'payType', label: t`Kind`, type: 'select', options: [{ value: 'FORM', label: t`Form` }, { value: 'COMMUNITY_BANK', label: t`Community bank` }] },
    { key: 'min', label: t`Minimum amount`, type: 'number' },
    { key: 'max', label: t`Maximum amount`, type: 'number' },
    { key: 'iframe', label: t`Opens`, type: 'select', options: [{ value: 0, label: t`In place` }, { value: 1, label: t`Whole window` }, { value: 2, label: t`Pop-up frame` }, { value: 3, label: t`Page redirect` }] },
    { key: 'paymentUrl', label: t`Payment address (optional)`, type: 'text' },
    { key: 'logo', label: t`Logo`, type: 'image', kind: 'logo' },
    { key: 'fields', label: t`Form fields (JSON: name, title, type amount|text|number|datetime|email|tel, placeHolder, minLength, maxLength, required)`, type: 'textarea' },
    { key: 'infofields', label: t`Information lines (JSON: label, text)`, type: 'textarea' },
    { key: 'listOrder', label: t`Order`, type: 'number' },
    { key: 'status', label: t`Active`, type: 'check' },
  ];
  const bankFields: Array<FieldSpec<BankDraft>> = [
    { key: 'name', label: t`Bank`, type: 'text' },
    { key: 'swiftcode', label: t`SWIFT code`, type: 'text' },
    { key: 'amounts', label: t`Amount options (comma separated; empty: any amount)`, type: 'text', wide: true },
    { key: 'logo', label: t`Logo`, type: 'image', kind: 'logo' },
  ];
  const typeDraft = (c: BoPayCategory, x?: BoPayType): TypeDraft => (x
    ? { id: x.id, catId: c.id, payType: x.payType, payTag: x.payTag, logo: x.logo, min: major(x.minAmount), max: major(x.maxAmount), fields: JSON.stringify(x.fields, null, 1), infofields: JSON.stringify(x.infofields, null, 1), iframe: x.iframe, paymentUrl: x.paymentUrl, listOrder: x.listOrder, status: x.status }
    : { catId: c.id, payType: 'FORM', payTag: '', logo: '', min: 10, max: 10_000, fields: JSON.stringify([{ name: 'amount', title: t`Amount`, type: 'amount' }], null, 1), infofields: '[]', iframe: 0, paymentUrl: '', listOrder: c.types.length + 1, status: 1 });
  const bankDraft = (payId: number, b?: BoPayBank): BankDraft => (b
    ? { id: b.id, payId, name: b.name, swiftcode: b.swiftcode, logo: b.logo, amounts: b.amounts.map(major).join(', ') }
    : { payId, name: '', swiftcode: '', logo: '', amounts: '' });
  const removeBank = async (id: number) => { if (await act.run(() => bo('bo/deletePayBank', { id }))) reload(); };
  return (
    <div style={{ display: 'grid', gap: 'var(--space-3)' }}>
      <div className="bo-actions">
        <button type="button" className="bo-btn bo-btn-primary" onClick={() => setCat({ catName: '', info: '', logo: '', openLink: '', transferType: 0, listOrder: (cats?.length ?? 0) + 1, status: 1 })}><Trans>New category</Trans></button>
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {cats === null && <div className="bo-skel-block" aria-busy="true" />}
      {cats?.map((c) => (
        <section key={c.id} className="bo-panel" aria-label={c.catName}>
          <div className="bo-actions" style={{ justifyContent: 'space-between' }}>
            <h2 style={{ margin: 0 }}>{c.logo && <img src={c.logo} alt="" style={{ height: 24, verticalAlign: 'middle', marginInlineEnd: 8 }} />}{c.catName} · {c.transferType === 0 ? t`Deposit` : t`Withdrawal`} <StatusText status={c.status} /></h2>
            <span className="bo-actions">
              <button type="button" className="bo-btn" onClick={() => setCat({ id: c.id, catName: c.catName, info: c.info, logo: c.logo, openLink: c.openLink, transferType: c.transferType, listOrder: c.listOrder, status: c.status })}><Trans>Edit category</Trans></button>
              <button type="button" className="bo-btn" onClick={() => setType(typeDraft(c))}><Trans>New method</Trans></button>
            </span>
          </div>
          <DataTable
            label={c.catName}
            rows={c.types}
            rowKey={(x) => x.id}
            onOpen={(x) => setType(typeDraft(c, x))}
            empty={<Trans>No methods in this category.</Trans>}
            columns={[
              { key: 'tag', header: t`Method`, render: (x) => x.payTag },
              { key: 'kind', header: t`Kind`, render: (x) => (x.payType === 'COMMUNITY_BANK' ? t`Community bank` : t`Form`) },
              { key: 'min', header: t`Minimum`, num: true, render: (x) => major(x.minAmount).toFixed(2) },
              { key: 'max', header: t`Maximum`, num: true, render: (x) => major(x.maxAmount).toFixed(2) },
              { key: 'fields', header: t`Form fields`, render: (x) => x.fields.map((f) => f.title).join(', ') },
              {
                key: 'banks', header: t`Banks`, render: (x) => (x.payType !== 'COMMUNITY_BANK' ? null : (
                  <span className="bo-actions">
                    {x.banks.map((b) => (
                      <span key={b.id} className="bo-badge">
                        <button type="button" className="bo-btn bo-btn-small" onClick={(e) => { e.stopPropagation(); setBank(bankDraft(x.id, b)); }}>{b.name}{b.amounts.length ? ` (${b.amounts.map(major).join(' / ')})` : ''}</button>
                        <button type="button" className="bo-btn bo-btn-small" aria-label={t`Remove the bank ${b.name}`} onClick={(e) => { e.stopPropagation(); if (confirm(t`Remove the bank ${b.name}?`)) void removeBank(b.id); }}>✕</button>
                      </span>
                    ))}
                    <button type="button" className="bo-btn bo-btn-small" onClick={(e) => { e.stopPropagation(); setBank(bankDraft(x.id)); }}><Trans>Add bank</Trans></button>
                  </span>
                )),
              },
              { key: 'status', header: t`Status`, render: (x) => <StatusText status={x.status} /> },
            ]}
          />
        </section>
      ))}
      <EditDialog
        title={cat?.id ? t`Edit category` : t`New category`} fields={catFields} initial={cat} onClose={() => setCat(null)} onSaved={reload}
        save={(d) => bo('bo/savePayCategory', { ...(d.id ? { id: d.id } : {}), catName: d.catName, info: d.info, logo: d.logo, openLink: d.openLink, transferType: d.transferType as 0 | 1, listOrder: Number(d.listOrder) || 0, status: d.status as 0 | 1 })}
      />
      <EditDialog
        title={type?.id ? t`Edit method` : t`New method`} fields={typeFields} initial={type} onClose={() => setType(null)} onSaved={reload}
        save={(d) => bo('bo/savePayType', {
          ...(d.id ? { id: d.id } : {}), catId: d.catId, payType: d.payType as 'FORM' | 'COMMUNITY_BANK', payTag: d.payTag, logo: d.logo, minAmount: minor(d.min), maxAmount: minor(d.max),
          fields: parseList(d.fields) as z.input<typeof boSavePayTypePayload>['fields'], infofields: parseList(d.infofields) as z.input<typeof boSavePayTypePayload>['infofields'],
          iframe: Number(d.iframe), paymentUrl: d.paymentUrl, listOrder: Number(d.listOrder) || 0, status: d.status as 0 | 1,
        })}
      />
      <EditDialog
        title={bank?.id ? t`Edit bank` : t`Add bank`} fields={bankFields} initial={bank} onClose={() => setBank(null)} onSaved={reload}
        save={(d) => bo('bo/savePayBank', { ...(d.id ? { id: d.id } : {}), payId: d.payId, name: d.name, swiftcode: d.swiftcode.trim().toUpperCase(), logo: d.logo, amounts: d.amounts.split(/[\s,;]+/).filter(Boolean).map(minor) })}
      />
    </div>
  );
}
