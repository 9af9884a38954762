/**
 * The Unified Odds Feed's REST API: fixtures and summaries of sport events, market descriptions,
 * producers, the token check and recovery requests. Every request carries the access token in the
 * `x-access-token` header; replies are XML (UnifiedFeedDescriptions.xsd, UnifiedFeedResponse.xsd
 * and the Sports API's fixtures_fixture / match_summary). A reply that is not 2xx, or not the
 * element asked for, is an error to the caller.
 */
import { readEventStatus, type EventStatus } from './messages.ts';
import { attr, child, children, intAttr, parseXml, type XmlNode } from './xml.ts';

/** A sport event's fixture in one language. */
export interface Fixture {
  id: string;
  /** Scheduled start (epoch ms); start_time when the fixture gives it instead. */
  scheduled?: number | undefined;
  /** 'not_started', 'live', 'closed', 'cancelled' ... as the API says. */
  status?: string | undefined;
  sport: { id: string; name: string };
  category: { id: string; name: string; countryCode?: string | undefined };
  tournament: { id: string; name: string };
  competitors: Array<{ id: string; name: string; abbreviation: string; qualifier?: string | undefined }>;
}

/** A market description in one language; names may hold specifier templates ('Total {total}'). */
export interface MarketDescription {
  id: number;
  name: string;
  groups: string[];
  variant?: string | undefined;
  outcomes: Array<{ id: string; name: string }>;
  specifiers: Array<{ name: string; type: string }>;
}

/** A variant description in one language: the outcome names of the markets whose `variant` specifier names it. */
export interface VariantDescription {
  id: string;
  outcomes: Array<{ id: string; name: string }>;
}

/** A producer of /descriptions/producers.xml. */
export interface Producer {
  id: number;
  name: string;
  description: string;
  apiUrl: string;
  active: boolean;
  scope: string;
  recoveryWindowMin: number;
}

export interface UofApiOptions {
  /** e.g. https://api.betradar.com/v1 (UOF_API_URL). */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const time = (s: string | undefined): number | undefined => {
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isFinite(t) ? t : undefined;
};

export class UofApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

export class UofApi {
  private readonly base: string;
  private readonly fetchFn: typeof fetch;
  constructor(private readonly opts: UofApiOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? fetch;
  }

  /** GET or POST of a path under the API (or a whole URL), answering the root element's content. */
  async request(pathOrUrl: string, expect: string, method: 'GET' | 'POST' = 'GET'): Promise<XmlNode> {
    const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const res = await this.fetchFn(url, {
      method, headers: { 'x-access-token': this.opts.token, accept: 'application/xml' }, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    if (!res.ok) throw new UofApiError(`${method} ${url}: HTTP ${res.status}`, res.status);
    const doc = parseXml(text);
    if ('error' in doc) throw new UofApiError(`${method} ${url}: ${doc.error}`, res.status);
    if (doc.root !== expect) throw new UofApiError(`${method} ${url}: <${doc.root}> instead of <${expect}>`, res.status);
    return doc.node;
  }

  /** The fixture of a sport event in a language. */
  async fixture(eventId: string, lang: string): Promise<Fixture> {
    const root = await this.request(`/sports/${enc(lang)}/sport_events/${enc(eventId)}/fixture.xml`, 'fixtures_fixture');
    return readFixture(child(root, 'fixture'), eventId);
  }

  /** A sport event's summary: its fixture part and its current status. */
  async summary(eventId: string, lang: string): Promise<{ fixture: Fixture; status?: EventStatus | undefined }> {
    const root = await this.request(`/sports/${enc(lang)}/sport_events/${enc(eventId)}/summary.xml`, 'match_summary');
    return { fixture: readFixture(child(root, 'sport_event'), eventId), status: readEventStatus(child(root, 'sport_event_status')) };
  }

  /** Every market description in a language (with their product mappings when asked). */
  async marketDescriptions(lang: string, includeMappings = true): Promise<MarketDescription[]> {
    const root = await this.request(`/descriptions/${enc(lang)}/markets.xml?include_mappings=${includeMappings}`, 'market_descriptions');
    return children(root, 'market').flatMap((m) => {
      const id = intAttr(m, 'id');
      if (id === undefined) return [];
      return [{
        id, name: attr(m, 'name') ?? String(id), groups: (attr(m, 'groups') ?? '').split('|').filter(Boolean), variant: attr(m, 'variant'),
        outcomes: children(child(m, 'outcomes'), 'outcome').flatMap((o) => {
          const oid = attr(o, 'id');
          return oid === undefined ? [] : [{ id: oid, name: attr(o, 'name') ?? oid }];
        }),
        specifiers: children(child(m, 'specifiers'), 'specifier').map((s) => ({ name: attr(s, 'name') ?? '', type: attr(s, 'type') ?? 'string' })),
      }];
    });
  }

  /** Every variant description in a language (correct scores 'sr:correct_score:max:6', exact goals ...). */
  async variantDescriptions(lang: string): Promise<VariantDescription[]> {
    const root = await this.request(`/descriptions/${enc(lang)}/variants.xml`, 'variant_descriptions');
    return children(root, 'variant').flatMap((v) => {
      const id = attr(v, 'id');
      if (id === undefined) return [];
      return [{ id, outcomes: children(child(v, 'outcomes'), 'outcome').flatMap((o) => {
        const oid = attr(o, 'id');
        return oid === undefined ? [] : [{ id: oid, name: attr(o, 'name') ?? oid }];
      }) }];
    });
  }

  /** The producers the token may use, with the URL their recovery requests go to. */
  async producers(): Promise<Producer[]> {
    const root = await this.request('/descriptions/producers.xml', 'producers');
    return children(root, 'producer').flatMap((p) => {
      const id = intAttr(p, 'id');
      return id === undefined ? [] : [{
        id, name: attr(p, 'name') ?? '', description: attr(p, 'description') ?? '', apiUrl: attr(p, 'api_url') ?? '',
        active: attr(p, 'active') === 'true', scope: attr(p, 'scope') ?? '', recoveryWindowMin: intAttr(p, 'stateful_recovery_window_in_minutes') ?? 4320,
      }];
    });
  }

  /** The bookmaker the token belongs to (a wrong token is refused here, at start). */
  async whoami(): Promise<{ bookmakerId?: number | undefined; virtualHost?: string | undefined; expireAt?: number | undefined }> {
    const root = await this.request('/users/whoami.xml', 'bookmaker_details');
    return { bookmakerId: intAttr(root, 'bookmaker_id'), virtualHost: attr(root, 'virtual_host'), expireAt: time(attr(root, 'expire_at')) };
  }

  /**
   * Asks a producer to send again everything after `after` (epoch ms; none: its full state), ended
   * by a snapshot_complete carrying requestId. Answers the response code (ACCEPTED, ...).
   */
  async initiateRecovery(producerApiUrl: string, opts: { after?: number | undefined; requestId: number; nodeId?: number | undefined }): Promise<string> {
    const base = producerApiUrl.endsWith('/') ? producerApiUrl : `${producerApiUrl}/`;
    const q = [...(opts.after !== undefined ? [`after=${opts.after}`] : []), ...(opts.nodeId !== undefined ? [`node_id=${opts.nodeId}`] : []),
      `request_id=${opts.requestId}`];
    const url = /^https?:/.test(base) ? base : `${this.base}/${base.replace(/^\/+/, '')}`;
    const root = await this.request(`${url}recovery/initiate_request?${q.join('&')}`, 'response', 'POST');
    return attr(root, 'response_code') ?? '';
  }
}

const enc = (s: string) => encodeURIComponent(s);

/** A fixture (or a summary's sport_event) element. */
function readFixture(f: XmlNode | undefined, eventId: string): Fixture {
  if (!f) throw new UofApiError(`fixture of ${eventId}: no fixture element`, 200);
  const t = child(f, 'tournament');
  const sport = child(t, 'sport');
  const category = child(t, 'category');
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new UofApiError(`fixture of ${eventId}: no ${what}`, 200);
    return v;
  };
  return {
    id: attr(f, 'id') ?? eventId,
    scheduled: time(attr(f, 'start_time')) ?? time(attr(f, 'scheduled')),
    status: attr(f, 'status'),
    sport: { id: need(attr(sport, 'id'), 'sport'), name: attr(sport, 'name') ?? '' },
    category: { id: need(attr(category, 'id'), 'category'), name: attr(category, 'name') ?? '', countryCode: attr(category, 'country_code') },
    tournament: { id: need(attr(t, 'id'), 'tournament'), name: attr(t, 'name') ?? '' },
    competitors: children(child(f, 'competitors'), 'competitor').map((c) => ({
      id: attr(c, 'id') ?? '', name: attr(c, 'name') ?? '', abbreviation: attr(c, 'abbreviation') ?? '', qualifier: attr(c, 'qualifier'),
    })),
  };
}
