import { useContext, useEffect, useState } from 'react';
import {
  fetchProjectReport,
  type ProjectReport,
  type ProjectReportQuery,
} from './api/projects.api.ts';
import { useRealtimeConnection } from '../../../src/views/shell/realtime/realtime.context.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';

// The projects report for the filters on screen, read again when they change and whenever a
// project or task changes on private-projects (a tick, a completion), so it stays current.

const EVENTS = [
  'project.created',
  'project.updated',
  'project.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
];

export function useProjectReport(query: ProjectReportQuery): {
  report: ProjectReport | null;
  failed: boolean;
} {
  const request = useContext(EntityRequestContext);
  const connection = useRealtimeConnection();
  const [report, setReport] = useState<ProjectReport | null>(null);
  const [failed, setFailed] = useState(false);
  const [changes, setChanges] = useState(0);

  useEffect(() => {
    if (!connection) return undefined;
    const stops = EVENTS.map((event) =>
      connection.listen('projects', event, () => setChanges((n) => n + 1)),
    );
    return () => stops.forEach((stop) => stop());
  }, [connection]);

  const key = JSON.stringify(query);
  useEffect(() => {
    let live = true;
    fetchProjectReport(request, JSON.parse(key) as ProjectReportQuery).then(
      (answer) => {
        if (!live) return;
        setReport(answer);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [request, key, changes]);

  return { report, failed };
}
