/** /sub_admin/sub_admin_view/:id: read-only details and granted permissions. */
import { Button, Descriptions, Skeleton, Space, Tag } from 'antd'
import { TableView } from '../../../components/TableView'
import { Card } from '../../../components/Card'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { useNavigate, useParams } from 'react-router'
import { getSubAdmin } from '../api/get-sub-admin'
import type { SubAdmin } from '../types'
import { formatDate } from '../../../lib/format'
import { MODULES } from '../../../lib/modules'
import { useAccess } from '../../../lib/session'
import { useRecord } from '../../../lib/query'
import { isOwnRecord, mayActOn } from '../grants'
import { SLUGS } from '../../../lib/modules'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { resetTwoFactor } from '../api/reset-two-factor'

interface GrantRow {
  slug: string
  title: string
  group: string | null
  actions: string[]
}

/** Granted permissions in the order of modules.json; unknown slugs last. */
function grantRows(subAdmin: SubAdmin): GrantRow[] {
  const bySlug = new Map(subAdmin.permissions.map((p) => [p.slug, p]))
  const rows: GrantRow[] = []
  for (const mod of MODULES) {
    const p = bySlug.get(mod.slug)
    if (p && p.actions.length > 0) {
      rows.push({
        slug: mod.slug,
        title: mod.title,
        group: mod.group,
        actions: mod.actions.filter((a) => p.actions.includes(a)),
      })
      bySlug.delete(mod.slug)
    }
  }
  for (const p of bySlug.values()) {
    if (p.actions.length > 0) rows.push({ slug: p.slug, title: p.title ?? p.slug, group: null, actions: p.actions })
  }
  return rows
}

export default function SubAdminViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { can, user } = useAccess()
  const { value: subAdmin, error } = useRecord(['sub-admin', id], () => getSubAdmin(id))
  const { ask, dialog } = useConfirmAction()

  const back = <Button onClick={() => navigate(listUrl(paths.subAdminList()))}>Back</Button>
  // The reset of its second factor: Sub Admin edit, on a sub-admin whose rights the caller all
  // holds (the main admin: anyone), never its own.
  const reachable = can(SLUGS.subAdmin, 'edit') && !isOwnRecord(user, id) && mayActOn(user, subAdmin?.permissions)

  if (error) return <LoadState title="Sub Admin Details" error={error} back={back} />

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ConfirmDialog {...dialog} />
      <Card
        title="Sub Admin Details"
        extra={
          <Space>
            {reachable && (
              <Button
                onClick={() =>
                  ask({
                    title: 'Reset two-factor sign-in?',
                    text: 'The sub-admin signs in with its password alone until it sets up two-factor sign-in again.',
                    run: () => resetTwoFactor(id),
                  })
                }
              >
                Reset two-factor
              </Button>
            )}
            {can(SLUGS.subAdmin, 'edit') && !isOwnRecord(user, id) && mayActOn(user, subAdmin?.permissions) && (
              <EditButton to={paths.subAdminEdit(id)} />
            )}
            {back}
          </Space>
        }
      >
        {!subAdmin ? (
          <Skeleton active />
        ) : (
          <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }}>
            <Descriptions.Item label="First Name">{subAdmin.firstName}</Descriptions.Item>
            <Descriptions.Item label="Last Name">{subAdmin.lastName}</Descriptions.Item>
            <Descriptions.Item label="Email">{subAdmin.email}</Descriptions.Item>
            <Descriptions.Item label="Status">
              {subAdmin.isActive ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="Created At">{formatDate(subAdmin.createdAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {subAdmin && (
        <Card title="Permissions">
          <TableView<GrantRow>
            aria-label="Granted permissions"
            rowKey="slug"
            size="small"
            scrollX
            rows={grantRows(subAdmin)}
            empty="No permissions granted"
            columns={[
              { title: 'Module', dataIndex: 'title', key: 'title' },
              { title: 'Group', dataIndex: 'group', key: 'group', render: (g: string | null) => g ?? '—' },
              {
                title: 'Granted Actions',
                key: 'actions',
                render: (_, row) => (
                  <Space size={4} wrap>
                    {row.actions.map((a) => (
                      <Tag key={a}>{a}</Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
    </Space>
  )
}
