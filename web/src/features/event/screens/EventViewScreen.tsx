/**
 * /event/event_view/:id: the event's details and its members in three tabs, Interested, Going
 * and Not going (POST findEvent with status 1, 2, 3). Removing a member asks first; its answer
 * names the mode the member was in, and that tab's list (and the counts) is asked again.
 * Export to Excel downloads the event and every member (event-<id>.xlsx).
 */
import { useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button, Descriptions, Image, Skeleton, Space, Tabs, Tag } from 'antd'
import { Card } from '../../../components/Card'
import type { ColumnsType } from 'antd/es/table'
import { useNavigate, useParams } from 'react-router'
import { MediaImage } from '../../../components/MediaImage'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { DataTable } from '../../../components/DataTable'
import { EditButton } from '../../../components/EditButton'
import { LoadState } from '../../../components/LoadState'
import { RichTextView } from '../../../components/RichTextView'
import { SearchBox } from '../../../components/SearchBox'
import { useConfirmAction } from '../../../components/useConfirmAction'
import { useDownload } from '../../../components/useDownload'
import { DownloadProgress, ExportExcelButton } from '../../../components/ExportExcel'
import { formatDate } from '../../../lib/format'
import { mediaFileUrl, useMetaData } from '../../../lib/meta-data'
import { SLUGS } from '../../../lib/modules'
import { useRecord } from '../../../lib/query'
import { useAccess } from '../../../lib/session'
import { listUrl } from '../../../lib/list-state'
import { paths } from '../../../paths'
import { PersonLine } from '../../../components/PersonLine'
import { exportEvent, getEvent, listEventMembers, removeEventMember } from '../api/event'
import { EVENT_IMAGE_MODULE, EVENT_VIDEO_MODULE, MEMBER_TABS, membersKey } from '../constants'
import { capacityLabel, eventWhere, formatInZone, hostLabel } from '../names'
import type { EventMember, MemberStatus } from '../types'

export const REMOVE_TITLE = 'Are you sure you want to Remove this member ?'

export default function EventViewScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { can } = useAccess()
  const meta = useMetaData()
  const client = useQueryClient()
  const [tab, setTab] = useState<MemberStatus>(1)
  const [search, setSearch] = useState('')
  const { ask, dialog } = useConfirmAction()
  const { value: event, error } = useRecord(['event', id], () => getEvent(id))
  const canEdit = can(SLUGS.event, 'edit')

  const columns = useMemo(() => {
    const list: ColumnsType<EventMember> = [
      { title: 'Name', key: 'name', render: (_, m) => <PersonLine person={m} size={28} /> },
      { title: 'Email', key: 'email', dataIndex: 'email' },
      { title: 'Joined', key: 'joinedAt', render: (_, m) => formatDate(m.joinedAt) },
    ]
    if (canEdit) {
      list.push({
        title: 'Action',
        key: 'action',
        render: (_, m) => (
          <Button
            type="link"
            danger
            size="small"
            aria-label={`Remove ${m.name}`}
            onClick={() =>
              ask({
                title: REMOVE_TITLE,
                text: m.name,
                run: async () => {
                  const res = await removeEventMember(m._id)
                  // The tab the member was in, as the server says (else the one shown).
                  const status = (res.data?.status ?? m.status) as MemberStatus
                  await Promise.all([
                    client.invalidateQueries({ queryKey: membersKey(id, status) }),
                    client.invalidateQueries({ queryKey: ['event', id], exact: true }),
                  ])
                  return res
                },
              })
            }
          >
            Remove
          </Button>
        ),
      })
    }
    return list
  }, [canEdit, ask, client, id])

  const download = useDownload((onProgress) => exportEvent(id, onProgress))

  const back = <Button onClick={() => navigate(listUrl(paths.eventList()))}>Back</Button>
  if (error) return <LoadState title="Event Details" error={error} back={back} />

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={event ? event.title : 'Event Details'}
        extra={
          <Space wrap>
            <DownloadProgress download={download} />
            <ExportExcelButton download={download} label="Export to Excel" />
            {canEdit && event && !event.isDeleted && <EditButton to={paths.eventEdit(id)} />}
            {back}
          </Space>
        }
      >
        {!event ? (
          <Skeleton active />
        ) : (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            {event.isDeleted && <Tag color="red">Deleted</Tag>}
            <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }}>
              <Descriptions.Item label="Event Title">{event.title}</Descriptions.Item>
              <Descriptions.Item label="Host">{hostLabel(event)}</Descriptions.Item>
              <Descriptions.Item label="Starts">{formatInZone(event.startsAt, event.timeZone)}</Descriptions.Item>
              <Descriptions.Item label="Ends">{formatInZone(event.endsAt, event.timeZone)}</Descriptions.Item>
              <Descriptions.Item label="Time Zone">{event.timeZone}</Descriptions.Item>
              <Descriptions.Item label="Capacity">{capacityLabel(event.capacity)}</Descriptions.Item>
              <Descriptions.Item label={event.isOnline ? 'Online Link' : 'Venue'} span={2}>
                {event.isOnline ? (
                  <a href={event.onlineLink} target="_blank" rel="noreferrer noopener">
                    {event.onlineLink}
                  </a>
                ) : (
                  eventWhere(event)
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Description" span={2}>
                <RichTextView html={event.description} />
              </Descriptions.Item>
            </Descriptions>
            {(event.images?.length > 0 || event.video) && (
              <Space wrap align="start">
                <Image.PreviewGroup>
                  {event.images?.map((name, i) => (
                    <MediaImage
                      key={name}
                      moduleName={EVENT_IMAGE_MODULE}
                      name={name}
                      width={140}
                      height={100}
                      alt={`Event image ${i + 1}`}
                    />
                  ))}
                </Image.PreviewGroup>
                {event.video && (
                  <video
                    controls
                    width={240}
                    aria-label="Event video"
                    src={mediaFileUrl(meta, EVENT_VIDEO_MODULE, event.video)}
                  />
                )}
              </Space>
            )}
          </Space>
        )}
      </Card>

      <Card title="Members">
        <Tabs
          activeKey={String(tab)}
          onChange={(key) => setTab(Number(key) as MemberStatus)}
          items={MEMBER_TABS.map((t) => ({
            key: String(t.status),
            label: event ? `${t.label} (${event[t.countKey]})` : t.label,
          }))}
        />
        <div style={{ marginBottom: 16 }}>
          <SearchBox placeholder="Search by Name or Email" applied={search} onSearch={setSearch} />
        </div>
        <DataTable<EventMember>
          empty="No members here yet: donors who answer this event show here"
          key={tab}
          aria-label={`${MEMBER_TABS.find((t) => t.status === tab)?.label} members`}
          queryKey={membersKey(id, tab)}
          search={search}
          columns={columns}
          fetch={(query) => listEventMembers(id, tab, query)}
        />
      </Card>
      <ConfirmDialog {...dialog} />
    </Space>
  )
}
