// The SMS provider's HTTP API, the generic shape most of them share (Twilio, Vonage, Skebby, Aruba SMS, a company's
// own gateway behind them): POST <SMS_API_URL>/messages with `Authorization: Bearer <SMS_API_KEY>` and
// `{ to, from, text }` as JSON; 2xx with `{ id }` is accepted, 4xx is a refusal that sending again will not change
// (a wrong number, a wrong key), anything else (5xx, 429, a network failure, a timeout) is worth retrying.

export type SmsMessage = { to: string; from: string; text: string };

export class SmsGatewayError extends Error {
  constructor(
    message: string,
    /** Whether sending again later may succeed. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type SmsGateway = { send: (message: SmsMessage) => Promise<{ id: string }> };

export function createSmsGateway(options: {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
}): SmsGateway {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/messages`;
  return {
    send: async (message) => {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(message),
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsGatewayError(`the SMS provider did not answer: ${(error as Error).message}`, true);
      }
      const body = (await response.json().catch(() => ({}))) as { id?: unknown; error?: unknown };
      if (!response.ok) {
        const reason = typeof body.error === 'string' ? body.error : response.statusText;
        const retryable = response.status >= 500 || response.status === 429;
        throw new SmsGatewayError(`the SMS provider answered ${response.status}: ${reason}`, retryable);
      }
      return { id: typeof body.id === 'string' ? body.id : String(body.id ?? '') };
    },
  };
}
