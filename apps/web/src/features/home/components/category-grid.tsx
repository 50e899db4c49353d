import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ImageOff, Smartphone, Wifi, Zap } from 'lucide-react';
import type { Category } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';

/** Route state the airtime and data screen opens on. */
export type AirtimeDataTab = 'airtime' | 'data';

type CategoryGridProps = {
  categories: Category[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onChoose: (category: Category) => void;
  /** The airtime and data screen's address for a tab. */
  airtimeDataHref: (tab: AirtimeDataTab) => string;
  /** The electricity screen's address; its tile follows Data when given. */
  electricityHref?: string;
};

const tileClass =
  'flex h-full w-full flex-col items-center gap-2 rounded-xl bg-white p-2 pb-3 text-center text-sm font-semibold text-slate-900 ring-1 ring-slate-200';
const interactiveTile =
  'cursor-pointer hover:bg-brand-50 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600';

function TileImage({ children }: { children: ReactNode }) {
  return (
    <span className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-700">
      {children}
    </span>
  );
}

function AirtimeDataTile({
  tab,
  label,
  href,
}: {
  tab: AirtimeDataTab;
  label: string;
  href: (tab: AirtimeDataTab) => string;
}) {
  const Icon = tab === 'airtime' ? Smartphone : Wifi;
  return (
    // The tab travels as route state.
    <Link to={href(tab)} state={tab} className={`${tileClass} ${interactiveTile}`}>
      <TileImage>
        <Icon className="size-10" aria-hidden="true" />
      </TileImage>
      {label}
    </Link>
  );
}

/** The categories, three per row, then the Airtime and Data tiles. */
export function CategoryGrid({
  categories,
  isLoading,
  isError,
  onRetry,
  onChoose,
  airtimeDataHref,
  electricityHref,
}: CategoryGridProps) {
  // The 'airtime and data' category is special-cased: its two tiles take its place.
  const choices = categories?.filter((category) => category.kind !== 'airtime_data') ?? [];
  return (
    <section aria-labelledby="select-product-heading" className="space-y-3">
      <h2 id="select-product-heading" tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
        Select Product
      </h2>
      {isError && !categories && (
        <div
          role="alert"
          className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
        >
          The products could not be loaded.
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      <ul className="grid grid-cols-3 gap-3" aria-busy={isLoading || undefined}>
        {isLoading &&
          !categories &&
          [0, 1, 2].map((key) => (
            <li key={key}>
              <Skeleton className="aspect-[4/5] w-full" />
            </li>
          ))}
        {choices.map((category) => (
          <li key={category.id}>
            <button type="button" className={`${tileClass} ${interactiveTile}`} onClick={() => onChoose(category)}>
              <TileImage>
                {category.image ? (
                  <ResponsiveImage
                    src={category.image}
                    alt=""
                    width={128}
                    height={128}
                    sizes="(min-width: 28rem) 8rem, 33vw"
                    className="size-full object-cover"
                  />
                ) : (
                  <ImageOff className="size-8 text-slate-400" aria-hidden="true" />
                )}
              </TileImage>
              {category.name}
            </button>
          </li>
        ))}
        <li>
          <AirtimeDataTile tab="airtime" label="Airtime" href={airtimeDataHref} />
        </li>
        <li>
          <AirtimeDataTile tab="data" label="Data" href={airtimeDataHref} />
        </li>
        {electricityHref && (
          <li>
            <Link to={electricityHref} className={`${tileClass} ${interactiveTile}`}>
              <TileImage>
                <Zap className="size-10" aria-hidden="true" />
              </TileImage>
              Electricity
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
