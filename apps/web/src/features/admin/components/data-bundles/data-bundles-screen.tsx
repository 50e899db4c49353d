import { useSearchParams } from 'react-router';
import { NETWORK_LABELS, NETWORKS, type Network } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { TABLE_EMPTY_MESSAGE, TABLE_LOADING_MESSAGE } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDataBundles } from '../../api/get-data-bundles';
import { useSyncDataBundles } from '../../api/sync-data-bundles';
import { DataBundleItem } from './data-bundle-item';

function isNetwork(value: string | null): value is Network {
  return (NETWORKS as readonly (string | null)[]).includes(value);
}

/** The network tab is in the address (?network=glo), so a reload stays on it. */
function useNetworkParam(): [Network, (network: Network) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('network');
  const network = isNetwork(raw) ? raw : NETWORKS[0];
  const setNetwork = (next: Network) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('network', next);
        return params;
      },
      { replace: true },
    );
  return [network, setNetwork];
}

/** Data bundles of each network: price edits and on/off switches (DESIGN departure 5). */
export function DataBundlesScreen() {
  const [network, setNetwork] = useNetworkParam();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Data bundles</h1>
        <p className="text-sm text-slate-600">Prices are in naira. Customers only see bundles that are on.</p>
      </div>
      <Tabs value={network} onValueChange={(value) => isNetwork(value) && setNetwork(value)}>
        <TabsList aria-label="Network" className="max-w-xl">
          {NETWORKS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {NETWORK_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        {NETWORKS.map((name) => (
          <TabsContent key={name} value={name} className="space-y-3">
            <SyncButton network={name} />
            <BundleList network={name} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/**
 * Asks the provider which bundles it sells now. New ones are added switched off, so nothing reaches
 * customers before an admin checks the price and turns it on.
 */
function SyncButton({ network }: { network: Network }) {
  const sync = useSyncDataBundles();
  async function run() {
    try {
      const { data, message } = await sync.mutateAsync(network);
      const gone = data.not_offered.length
        ? ` ${data.not_offered.length} of ours ${data.not_offered.length === 1 ? 'is' : 'are'} no longer offered: ${data.not_offered.map((b) => b.name).join(', ')}.`
        : '';
      notifySuccess(`${message}.${gone}`);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600">New bundles from the provider are added switched off.</p>
      <Button variant="outline" size="sm" loading={sync.isPending} onClick={() => void run()}>
        Check {NETWORK_LABELS[network]} for new bundles
      </Button>
    </div>
  );
}

function BundleList({ network }: { network: Network }) {
  const { data, isPending } = useDataBundles(network);
  if (isPending || !data || data.length === 0) {
    return (
      <p className="rounded-xl bg-white px-4 py-10 text-center text-slate-600 ring-1 ring-slate-200" role="status">
        {isPending ? TABLE_LOADING_MESSAGE : TABLE_EMPTY_MESSAGE}
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label={`${NETWORK_LABELS[network]} bundles`}>
      {data.map((bundle) => (
        <DataBundleItem key={bundle.id} bundle={bundle} />
      ))}
    </ul>
  );
}
