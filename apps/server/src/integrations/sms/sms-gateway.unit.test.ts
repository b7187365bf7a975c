import { afterAll, describe, expect, it } from 'vitest';
import { createSmsGateway, SmsGatewayError } from './sms-gateway';
import { startSmsSimulator } from './sms-gateway.simulator';

const simulator = await startSmsSimulator();
afterAll(() => simulator.close());

const gateway = (apiKey = simulator.apiKey, timeoutMs = 2000) =>
  createSmsGateway({ baseUrl: simulator.url, apiKey, timeoutMs });
const message = { to: '+393471234567', from: 'Bottega', text: 'Bottega Club: 123456' };

describe('the SMS provider adapter against the simulated provider', () => {
  it('sends a message the phone then shows', async () => {
    const { id } = await gateway().send(message);
    expect(id).toMatch(/^sim-/);
    expect(simulator.messagesTo('+393471234567').at(-1)).toMatchObject({
      text: 'Bottega Club: 123456',
      from: 'Bottega',
    });
    const listed = (await (await fetch(`${simulator.url}/simulator/messages?to=%2B393471234567`)).json()) as {
      messages: { text: string }[];
    };
    expect(listed.messages.at(-1)?.text).toBe('Bottega Club: 123456');
  });

  it('tells a refusal that sending again will not change from a failure worth retrying', async () => {
    const wrongKey = await gateway('wrong')
      .send(message)
      .catch((error: unknown) => error);
    expect(wrongKey).toBeInstanceOf(SmsGatewayError);
    expect(wrongKey).toMatchObject({ retryable: false });
    const badNumber = await gateway()
      .send({ ...message, to: '347' })
      .catch((error: unknown) => error);
    expect(badNumber).toMatchObject({ retryable: false });
    simulator.setMode('error');
    const down = await gateway()
      .send(message)
      .catch((error: unknown) => error);
    expect(down).toMatchObject({ retryable: true });
    simulator.setMode('ok');
    const unreachable = await createSmsGateway({ baseUrl: 'http://127.0.0.1:9', apiKey: 'x', timeoutMs: 500 })
      .send(message)
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ retryable: true });
  });
});
