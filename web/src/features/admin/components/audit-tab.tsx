import { useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditAction, type AuditResource } from '@shared/schemas/admin';
import { useAudit } from '../api/admin-api';
import { ADMIN_TEXTS } from '../lib/texts';
import { FilterButtons, PagedList, capitalise, formatDate } from './shared';

/** Filter and column labels: 'read' entries are reads of personal data (issue 23). */
const resourceLabel = (r: AuditResource) => (r === 'failed-email' ? 'Failed e-mail' : capitalise(r));

/** Audit (super admins): latest 100 first, older ones paged; filters by action and resource in the URL. */
export function AuditTab() {
  const [params, setParams] = useSearchParams();
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '') ? (params.get('action') as AuditAction) : 'all';
  const resource = (AUDIT_RESOURCES as readonly string[]).includes(params.get('resource') ?? '')
    ? (params.get('resource') as AuditResource)
    : 'all';
  const audit = useAudit(action, resource);
  const set = (next: Record<string, string>) => setParams({ tab: 'audit', action, resource, ...next });
  return (
    <div className="space-y-4">
      <FilterButtons
        label="Action"
        options={[{ value: 'all', label: 'All actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: capitalise(a) }))]}
        value={action}
        onChange={(v) => set({ action: v })}
      />
      <FilterButtons
        label="Resource"
        options={[{ value: 'all', label: 'All resources' }, ...AUDIT_RESOURCES.map((r) => ({ value: r, label: resourceLabel(r) }))]}
        value={resource}
        onChange={(v) => set({ resource: v })}
      />
      <PagedList query={audit} failureText={ADMIN_TEXTS.loadAudit} emptyText={ADMIN_TEXTS.empty.audit}>
        {(items) => (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th className="p-2">When</th>
                  <th className="p-2">Admin</th>
                  <th className="p-2">Action</th>
                  <th className="p-2">Resource</th>
                  <th className="p-2">Details</th>
                  <th className="p-2">IP / agent</th>
                </tr>
              </thead>
              <tbody>
                {items.map((e) => (
                  <tr key={e.id} className="border-b align-top" data-testid="audit-row">
                    <td className="p-2 whitespace-nowrap">{formatDate(e.createdAt)}</td>
                    <td className="p-2 font-mono text-xs">{e.adminUserId.slice(0, 8)}</td>
                    <td className="p-2">{capitalise(e.action)}</td>
                    <td className="p-2">
                      {resourceLabel(e.resourceType)} <span className="font-mono text-xs">{e.resourceId.slice(0, 12)}</span>
                    </td>
                    <td className="p-2 font-mono text-xs break-all">{JSON.stringify(e.details)}</td>
                    <td className="p-2 text-xs">
                      {e.ipAddress ?? '—'}
                      <br />
                      <span className="text-muted-foreground">{e.userAgent?.slice(0, 40) ?? ''}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </div>
  );
}
