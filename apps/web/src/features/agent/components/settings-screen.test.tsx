import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { makeAgent, pageOf } from '../testing/agent-fixtures';

const agentRef = { id: 3, status: 'approved' as const };
const locations = [
  { id: 1, name: 'Lekki', state: 'lagos', country: 'nigeria', enabled: true },
  { id: 2, name: 'Ikeja', state: 'lagos', country: 'nigeria', enabled: true },
];

function stubSettingsApi(update: (body: Record<string, unknown>) => Response | undefined = () => undefined) {
  let agent = makeAgent();
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent: agentRef }) });
    if (url === '/api/agents/me') return jsonResponse(200, { message: '', data: agent });
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(locations) });
    if (method === 'POST' && url === '/api/agents/update') {
      const answer = update(body as Record<string, unknown>);
      if (answer) return answer;
      agent = { ...agent, ...(body as object) };
      return jsonResponse(200, { message: 'Settings saved', data: agent });
    }
    return undefined;
  });
}

describe('agent settings', () => {
  it('sends the selling switches from the Settings tab', async () => {
    signIn({ agent: agentRef });
    const { calls } = stubSettingsApi();
    const { user } = renderApp('/agent/setting');
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    const sachet = screen.getByRole('switch', { name: 'Sell sachet water' });
    expect(sachet).not.toBeChecked();
    expect(sachet).toHaveAccessibleDescription('Disabled');
    await user.click(sachet);
    await user.click(screen.getByRole('switch', { name: 'Sell cooking gas' }));
    expect(sachet).toHaveAccessibleDescription('Enabled');
    const sms = screen.getByRole('switch', { name: 'New orders by SMS' });
    expect(sms).toBeChecked();
    await user.click(sms);
    expect(sms).toHaveAccessibleDescription('No SMS; alerts in the app only');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await findToast('Success', 'Settings saved');
    expect(calls.find(({ url }) => url === '/api/agents/update')?.body).toEqual({
      sells_sachet_water: true,
      sells_bottle_water: false,
      sells_gas: true,
      sms_alerts: false,
    });
  });

  it('saves the business profile with every area the agent ticks', async () => {
    signIn({ agent: agentRef });
    const { calls } = stubSettingsApi();
    const { user } = renderApp('/agent/setting');
    const name = await screen.findByLabelText('Business Name');
    expect(name).toHaveValue('Ada Water Ventures');
    expect(screen.getByLabelText('Business Phone Number')).toHaveValue('08031234567');
    const areas = await screen.findByRole('group', { name: 'Areas you deliver in' });
    expect(await within(areas).findByRole('checkbox', { name: 'Lekki' })).toBeChecked();
    expect(within(areas).getByRole('checkbox', { name: 'Ikeja' })).not.toBeChecked();
    await user.click(within(areas).getByRole('checkbox', { name: 'Ikeja' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Success', 'Settings saved');
    expect(calls.find(({ url }) => url === '/api/agents/update')?.body).toEqual({
      business_name: 'Ada Water Ventures',
      business_email: 'sales@adawater.ng',
      business_phone: '+2348031234567',
      location_ids: [1, 2],
    });
  });

  it('checks the business phone with the API’s rule, and leaves an emptied one out', async () => {
    signIn({ agent: agentRef });
    const { calls } = stubSettingsApi();
    const { user } = renderApp('/agent/setting');
    const phone = await screen.findByLabelText('Business Phone Number');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('0803');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(phone).toHaveAccessibleDescription('Enter a Nigerian mobile number like 08031234567 or +2348031234567.');
    expect(calls.some(({ url }) => url === '/api/agents/update')).toBe(false);

    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Success', 'Settings saved');
    expect(calls.find(({ url }) => url === '/api/agents/update')?.body).toEqual({
      business_name: 'Ada Water Ventures',
      business_email: 'sales@adawater.ng',
      location_ids: [1],
    });
  });

  it('asks for at least one area before saving, and shows the server error under the areas', async () => {
    signIn({ agent: agentRef });
    const { calls } = stubSettingsApi((body) =>
      Array.isArray(body.location_ids) && body.location_ids.includes(2)
        ? jsonResponse(422, { message: 'Invalid', errors: { location_ids: ['A selected location is invalid.'] } })
        : undefined,
    );
    const { user } = renderApp('/agent/setting');
    const areas = await screen.findByRole('group', { name: 'Areas you deliver in' });
    await user.click(await within(areas).findByRole('checkbox', { name: 'Lekki' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(areas).findByText('Choose at least one area you deliver in.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/agents/update')).toBe(false);

    await user.click(within(areas).getByRole('checkbox', { name: 'Ikeja' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(areas).findByText('A selected location is invalid.')).toBeInTheDocument();
  });

  it('checks the CAC number and shows the server error under it', async () => {
    signIn({ agent: agentRef });
    const { calls } = stubSettingsApi((body) =>
      body.cac_number === 'RC999999'
        ? jsonResponse(422, { message: 'Invalid', errors: { cac_number: ['This CAC number is already registered.'] } })
        : undefined,
    );
    const { user } = renderApp('/agent/setting');
    await user.click(await screen.findByRole('tab', { name: 'Compliance' }));
    const cac = screen.getByLabelText('CAC Registration Number');
    await user.click(cac);
    await user.paste('hello');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a CAC registration number like RC123456 or BN1234567.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/agents/update')).toBe(false);

    await user.clear(cac);
    await user.click(cac);
    await user.paste('RC999999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Error!', 'This CAC number is already registered.');
    expect(cac).toHaveAccessibleDescription('This CAC number is already registered.');

    await user.clear(cac);
    await user.click(cac);
    await user.paste('RC123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Success', 'Settings saved');
    expect(calls.filter(({ url }) => url === '/api/agents/update').at(-1)?.body).toEqual({ cac_number: 'RC123456' });
  });
});
