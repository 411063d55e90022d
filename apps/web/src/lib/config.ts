import { type PublicConfig, readPublicConfig } from '@trostnetz/contracts/config';
import { appConfigApi } from '@trostnetz/contracts/config.endpoints';
import { create } from 'zustand';
import { api } from './api-client.ts';

export const fallbackConfig: PublicConfig = {
  app_name: 'Trostnetz',
  onboarding_url: '/onboarding',
  pusher: { key: '', cluster: 'eu', host: null, port: null, scheme: null },
  analytics: null,
};

interface ConfigState {
  config: PublicConfig;
  loaded: boolean;
}

export const useConfigStore = create<ConfigState>()(() => ({ config: fallbackConfig, loaded: false }));

export const useAppConfig = () => useConfigStore((s) => s.config);
export const getAppConfig = () => useConfigStore.getState().config;

/** GET /api/config once at start; the app still works with defaults when it fails. */
export async function loadConfig(): Promise<PublicConfig> {
  try {
    const raw = await api(appConfigApi.get);
    // Read without zod: the first screen needs no other schema (issue 13, decision 020).
    const config = readPublicConfig(raw);
    if (!config) throw new Error(`${appConfigApi.get.path}: an answer of another shape`);
    useConfigStore.setState({
      config: { ...config, onboarding_url: config.onboarding_url || fallbackConfig.onboarding_url },
      loaded: true,
    });
  } catch {
    useConfigStore.setState({ loaded: true });
  }
  return getAppConfig();
}
