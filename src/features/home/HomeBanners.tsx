import { useLingui } from '@lingui/react/macro';
import type { HomeBannersView, Source } from '../../../workers/core/api.ts';
import { core } from '../../core-client.ts';
import { useSwr, type SwrState } from '../../ui/use-swr.ts';
import { BannerCarousel, BannerSkeleton } from '../../ui/BannerCarousel.tsx';
import { useDataSaver } from '../../pwa/data-saver.ts';
import { useContentRev } from '../../state/site.ts';

const loadBanners = (source: Source): Promise<HomeBannersView | null> => core.homeBanners(source);

/** Home's banners (display states 12 and 1), kept for offline reading: one question for both places. */
export function useHomeBanners(): SwrState<HomeBannersView> {
  // Banners edited in the back office replace the drawn ones when they arrive (no skeleton between).
  return useSwr(loadBanners, useContentRev());
}

/**
 * One of Home's banner places: 'top' under the sport header (a skeleton while loading), 'strip'
 * further down. Nothing at all when there are no banners or they cannot be had.
 */
export function HomeBanners({ banners, place, lang }: { banners: SwrState<HomeBannersView>; place: 'top' | 'strip'; lang: string }) {
  const { t } = useLingui();
  const saver = useDataSaver();
  // Data saver: no banner image at all.
  if (saver.on) return null;
  if (banners.state === 'loading') return place === 'top' ? <BannerSkeleton /> : null;
  if (banners.state === 'error') return null;
  const list = place === 'top' ? banners.data.top : banners.data.strip;
  return <BannerCarousel banners={list} lang={lang} label={place === 'top' ? t`Promotions` : t`More promotions`} testId={`home-banners-${place}`} first={place === 'top'} />;
}
