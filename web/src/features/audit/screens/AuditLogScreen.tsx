/**
 * /audit_log (the main admin's only): every recorded change, newest first, searched by actor
 * (name, email, id or address) and filtered by module, entity, account type and date range (all
 * in the URL); each record's before/after diff in a drawer, an Export Excel of the current filter
 * and a "Verify chain" button that walks the hash chain and shows the result.
 */
import { useMemo, useState } from 'react'
import { Alert, Button, Space } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { SafetyCertificateOutlined } from '@ant-design/icons'
import { DateRangeFilter } from '../../../components/DateRangeFilter'
import { DownloadProgress, ExportExcelButton } from '../../../components/ExportExcel'
import { FilterSelects, type FilterChoice } from '../../../components/FilterSelects'
import { ListCard } from '../../../components/ListCard'
import { useDownload } from '../../../components/useDownload'
import { formatDate } from '../../../lib/format'
import { useListFilters, useListView } from '../../../lib/list-state'
import type { TableQuery } from '../../../lib/list-page'
import { useRecord } from '../../../lib/query'
import { auditFilterOptions } from '../api/audit-filters'
import { exportAudit } from '../api/export-audit'
import { listAudit } from '../api/list-audit'
import { verifyAudit } from '../api/verify-audit'
import { AuditDiffDrawer } from '../components/AuditDiffDrawer'
import { ACCOUNT_TYPES, FILTER_NAMES, filterBody, type FilterName } from '../filters'
import type { AuditRecord, AuditVerification } from '../types'

const NEWEST_FIRST = { column: 'occurredAt', order: 'desc' } as const
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

export default function AuditLogScreen() {
  const [filters, setFilters] = useListFilters(FILTER_NAMES)
  const [view] = useListView()
  const body = useMemo(() => filterBody(filters, view.search), [filters, view.search])
  const { value: present } = useRecord(['audit', 'filters'], auditFilterOptions)
  const [open, setOpen] = useState<string | null>(null)
  const [verification, setVerification] = useState<AuditVerification | null>(null)
  const [verifying, setVerifying] = useState(false)
  const download = useDownload((onProgress) => exportAudit(body, onProgress))
  const selects: Array<FilterChoice<FilterName>> = [
    {
      name: 'module',
      label: 'Filter by Module',
      placeholder: 'All modules',
      width: 220,
      options: options(present?.modules ?? []),
      search: true,
    },
    {
      name: 'entity',
      label: 'Filter by Entity',
      placeholder: 'All entities',
      width: 160,
      options: options(present?.entities ?? []),
      search: true,
    },
    {
      name: 'accountType',
      label: 'Filter by Type',
      placeholder: 'All account types',
      width: 160,
      options: options(ACCOUNT_TYPES),
    },
  ]

  const verify = async () => {
    setVerifying(true)
    try {
      setVerification(await verifyAudit())
    } catch {
      // The request client has shown the failure.
    } finally {
      setVerifying(false)
    }
  }

  const columns = useMemo(() => {
    const list: ColumnsType<AuditRecord> = [
      {
        title: 'When',
        key: 'occurredAt',
        dataIndex: 'occurredAt',
        sorter: true,
        render: (ms: number) => formatDate(ms),
      },
      { title: 'Actor', key: 'actorName', render: (_, r) => r.actorName || 'System' },
      { title: 'Type', key: 'accountType', dataIndex: 'accountType' },
      { title: 'Module', key: 'module', dataIndex: 'module' },
      { title: 'Entity', key: 'entity', dataIndex: 'entity' },
      { title: 'Id', key: 'entityId', render: (_, r) => r.entityId || '-' },
      { title: 'Action', key: 'action', dataIndex: 'action' },
      {
        title: 'Changes',
        key: 'view',
        render: (_, r) => (
          <Button size="small" aria-label={`View changes of record ${r.seq}`} onClick={() => setOpen(r._id)}>
            View
          </Button>
        ),
      },
    ]
    return list
  }, [])

  // The search box is the actor filter.
  const fetch = (query: TableQuery) => listAudit({ ...query, search: '', ...body })

  return (
    <ListCard<AuditRecord>
      empty="Nothing recorded yet: every change made in the console shows here"
      title="Audit Log"
      actions={
        <Space wrap>
          <DownloadProgress download={download} />
          <Button icon={<SafetyCertificateOutlined />} loading={verifying} onClick={verify}>
            Verify chain
          </Button>
          <ExportExcelButton download={download} />
        </Space>
      }
      tabs={
        verification && (
          <Alert
            style={{ marginBottom: 16 }}
            role="alert"
            type={verification.ok ? 'success' : 'error'}
            title={
              verification.ok
                ? `The chain is intact: ${verification.checked} records checked`
                : `The chain is broken at seq ${verification.firstBroken}: ${verification.reason}`
            }
          />
        )
      }
      searchPlaceholder="Search by actor (name, email, id or address)"
      filters={
        <>
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(from, to) => setFilters({ from, to })} />
          <FilterSelects choices={selects} values={filters} onChange={setFilters} />
        </>
      }
      queryKey={['audit', 'list', body]}
      aria-label="Audit records"
      columns={columns}
      defaultSort={NEWEST_FIRST}
      fetch={fetch}
    >
      <AuditDiffDrawer id={open} onClose={() => setOpen(null)} />
    </ListCard>
  )
}
