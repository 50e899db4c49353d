import {
  Children,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cn } from '@/lib/utils';

/** Slides advance every 4 seconds. */
export const CAROUSEL_DELAY_MS = 4000;

type CarouselProps = {
  /** Names the carousel region, e.g. 'Offers'. */
  label: string;
  /** One child per slide. */
  children: ReactNode;
  /** Advance on its own (looping, stopping once the user interacts). Off for reduced motion or data saver. */
  autoplay?: boolean;
  className?: string;
  slideClassName?: string;
};

const SlideReachedContext = createContext(true);

/**
 * A slide's picture, left out until the slide is worth drawing: the current slide, its neighbours
 * once the carousel has moved or been touched, and every slide shown before (at first only the first
 * slide and the next one). The first load then neither fetches pictures that may never be seen nor,
 * for SVG, builds their documents on the main thread while the page is still loading; the slide's
 * own background shows until then. A `priority` picture (the screen's first) is always drawn, and
 * outside a carousel every picture is.
 */
export function CarouselImage(props: ComponentProps<typeof ResponsiveImage>) {
  const reached = useContext(SlideReachedContext);
  return props.priority || reached ? <ResponsiveImage {...props} /> : null;
}

/** The slides at and beside `index` (looping), added to `reached`; the same set when nothing is new. */
function withNeighbours(reached: ReadonlySet<number>, index: number, count: number): ReadonlySet<number> {
  const around = [index - 1, index, index + 1].map((i) => (i + count) % count);
  return around.every((i) => reached.has(i)) ? reached : new Set([...reached, ...around]);
}

type Embla = NonNullable<UseEmblaCarouselType[1]>;

type NetworkInformation = { saveData?: boolean };

/** Reduced motion, or data saver (the Save-Data switch or `prefers-reduced-data`): no autoplay. */
function autoplayUnwanted(): boolean {
  if (typeof window === 'undefined') return true;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData === true) return true;
  const matches = (query: string) => window.matchMedia?.(query).matches === true;
  return matches('(prefers-reduced-motion: reduce)') || matches('(prefers-reduced-data: reduce)');
}

/**
 * A ref that hands its element to `start` once the browser has painted the frame the element came
 * in with, instead of while React commits it. Embla, when given its viewport, measures every slide
 * (a layout of the whole page) and React then renders the carousel again and runs its effects, all
 * in the commit's task; on a prerendered screen that made the app's first commit one of the longest
 * tasks of the page load. After the paint the layout is already done and the start is a short task
 * of its own. Until then the slides show as laid out, the first one in view.
 */
function useStartAfterPaint(start: (element: HTMLElement) => void) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // A frame callback runs just before the paint; a timeout set there runs after it.
      const frame = requestAnimationFrame(() => {
        timer = setTimeout(() => start(element));
      });
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    },
    [start],
  );
}

/**
 * Swipeable slides (Embla) with dots, previous/next buttons and, while it plays by itself, a pause
 * button (WCAG 2.2.2). Touching, focusing or using the controls stops the autoplay for good.
 */
export function Carousel({ label, children, autoplay = false, className, slideClassName }: CarouselProps) {
  const slides = Children.toArray(children);
  const [plugins] = useState(() =>
    autoplay && !autoplayUnwanted()
      ? [Autoplay({ delay: CAROUSEL_DELAY_MS, stopOnInteraction: true, stopOnFocusIn: true })]
      : [],
  );
  const [startEmbla, api] = useEmblaCarousel({ loop: true }, plugins);
  const viewportRef = useStartAfterPaint(startEmbla);
  const [selected, setSelected] = useState(0);
  const [reached, setReached] = useState<ReadonlySet<number>>(() => new Set([0, 1]));
  const [playing, setPlaying] = useState(plugins.length > 0);
  // What a control asked for before Embla had started, done as soon as it has.
  const pending = useRef<((started: Embla) => void) | null>(null);
  const withEmbla = (action: (started: Embla) => void) => {
    if (api) action(api);
    else pending.current = action;
  };

  useEffect(() => {
    if (!api) return;
    // Moving, or starting to drag (which shows a neighbour before anything is selected), reaches the
    // slides on both sides of the current one.
    const reachAround = () =>
      setReached((before) => withNeighbours(before, api.selectedScrollSnap(), api.scrollSnapList().length));
    const onSelect = () => {
      setSelected(api.selectedScrollSnap());
      reachAround();
    };
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    setSelected(api.selectedScrollSnap());
    api
      .on('select', onSelect)
      .on('reInit', onSelect)
      .on('pointerDown', reachAround)
      .on('autoplay:play', onPlay)
      .on('autoplay:stop', onStop);
    pending.current?.(api);
    pending.current = null;
    return () => {
      api
        .off('select', onSelect)
        .off('reInit', onSelect)
        .off('pointerDown', reachAround)
        .off('autoplay:play', onPlay)
        .off('autoplay:stop', onStop);
    };
  }, [api]);

  // A control the user moves the slides with stops the autoplay for good.
  const takeOver = (move: (started: Embla) => void) =>
    withEmbla((embla) => {
      embla.plugins().autoplay?.stop();
      move(embla);
    });
  const goTo = (index: number) => takeOver((embla) => embla.scrollTo(index));
  const many = slides.length > 1;

  return (
    <section aria-roledescription="carousel" aria-label={label} className={cn('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={many && index !== selected ? true : undefined}
              className={cn('min-w-0 shrink-0 grow-0 basis-full', slideClassName)}
            >
              <SlideReachedContext.Provider value={reached.has(index)}>{slide}</SlideReachedContext.Provider>
            </div>
          ))}
        </div>
      </div>
      {many && (
        <div className="mt-2 flex items-center justify-center gap-1">
          <button
            type="button"
            className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            aria-label="Previous slide"
            onClick={() => takeOver((embla) => embla.scrollPrev())}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              <span
                aria-hidden="true"
                className={cn('block size-2 rounded-full', index === selected ? 'bg-brand-600' : 'bg-slate-300')}
              />
            </button>
          ))}
          <button
            type="button"
            className="inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            aria-label="Next slide"
            onClick={() => takeOver((embla) => embla.scrollNext())}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
          {plugins.length > 0 && (
            <button
              type="button"
              className="ml-1 inline-flex size-8 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
              aria-label={playing ? 'Pause slides' : 'Play slides'}
              onClick={() =>
                withEmbla((embla) => {
                  const plugin = embla.plugins().autoplay;
                  if (plugin?.isPlaying()) plugin.stop();
                  else plugin?.play();
                })
              }
            >
              {playing ? (
                <Pause className="size-4" aria-hidden="true" />
              ) : (
                <Play className="size-4" aria-hidden="true" />
              )}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
