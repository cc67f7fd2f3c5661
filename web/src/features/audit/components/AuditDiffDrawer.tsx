/**
 * One audit record in a drawer: who, when, on what, and its changes as a table
 * (field | before | after, objects as pretty JSON).
 */
import { Descriptions, Drawer, Skeleton } from 'antd'
import { TableView } from '../../../components/TableView'
import { Text } from '../../../components/Text'
import { formatDate } from '../../../lib/format'
import { useRecord } from '../../../lib/query'
import { getAuditRecord } from '../api/get-audit'
import { diffRows } from '../filters'

const pre = (text: string) => <Text style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>{text}</Text>

export function AuditDiffDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { value: r, error } = useRecord(id ? ['audit', 'record', id] : null, () => getAuditRecord(id ?? ''))
  return (
    <Drawer open={id !== null} onClose={onClose} title="Audit Record" size="large" destroyOnHidden>
      {error && <Text type="danger">{error}</Text>}
      {!r && !error && <Skeleton active />}
      {r && (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Seq">{r.seq}</Descriptions.Item>
            <Descriptions.Item label="When">{formatDate(r.occurredAt)}</Descriptions.Item>
            <Descriptions.Item label="Actor">{r.actorName || 'System'}</Descriptions.Item>
            <Descriptions.Item label="Type">{r.accountType}</Descriptions.Item>
            <Descriptions.Item label="Address">{r.address || '-'}</Descriptions.Item>
            <Descriptions.Item label="Module">{r.module}</Descriptions.Item>
            <Descriptions.Item label="Entity">{r.entity}</Descriptions.Item>
            <Descriptions.Item label="Id">{r.entityId || '-'}</Descriptions.Item>
            <Descriptions.Item label="Action">{r.action}</Descriptions.Item>
            <Descriptions.Item label="Trace">{r.traceId || '-'}</Descriptions.Item>
          </Descriptions>
          <TableView
            aria-label="Changes"
            size="small"
            rowKey="field"
            rows={diffRows(r.changes)}
            empty="No field changes"
            columns={[
              { title: 'Field', dataIndex: 'field', key: 'field' },
              { title: 'Before', dataIndex: 'before', key: 'before', render: pre },
              { title: 'After', dataIndex: 'after', key: 'after', render: pre },
            ]}
          />
        </>
      )}
    </Drawer>
  )
}
