import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { api, type Query } from './api';
import type { ListEnvelope } from './dataProvider';

/** A titled part of a page, a landmark named by its title. */
export const Section = ({ title, children, id }: { title: string; children: ReactNode; id?: string }) => (
  <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label={title} id={id}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/**
 * One page of a list the API serves under `path` (its envelope's `key`),
 * read again when `version` changes or `reload` is called; errors show the
 * API's message. `null` while loading (or when `path` is null: nothing to read).
 */
export function useApiList<T>(path: string | null, key: string, query: Query = { per_page: 100 }, version = ''): { rows: T[] | null; total: number; reload: () => void } {
  const notify = useNotify();
  const [state, setState] = useState<{ rows: T[] | null; total: number }>({ rows: null, total: 0 });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    if (!path) return;
    let live = true;
    api<ListEnvelope>('GET', path, { query: JSON.parse(queryKey) as Query }).then(
      (body) => live && setState({ rows: (body[key] as T[]) ?? [], total: body.total_count ?? 0 }),
      (error: Error) => notify(error.message, { type: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [path, key, queryKey, version, tick, notify]);
  return { ...state, reload };
}
