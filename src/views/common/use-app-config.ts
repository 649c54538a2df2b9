import { useEffect, useState } from 'react';
import type { AppConfig } from '../../api/auth.types.ts';
import { useServices } from '../services.context.ts';

export interface AppConfigState {
  config: AppConfig | null;
  error: unknown;
}

/** The public configuration from GET /api/config; `config` is null until it arrives. */
export function useAppConfig(): AppConfigState {
  const { loadConfig } = useServices();
  const [state, setState] = useState<AppConfigState>({ config: null, error: null });
  useEffect(() => {
    let live = true;
    loadConfig().then(
      (config) => live && setState({ config, error: null }),
      (error: unknown) => live && setState({ config: null, error }),
    );
    return () => {
      live = false;
    };
  }, [loadConfig]);
  return state;
}
