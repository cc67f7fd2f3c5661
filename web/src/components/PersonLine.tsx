/** A member, author or reporter: avatar, name and, when given, a date under it. */
import { Avatar, Space } from 'antd'
import { Text } from './Text'
import { UserOutlined } from '@ant-design/icons'
import { formatDate } from '../lib/format'
import { DONOR_MEDIA_MODULE } from '../lib/media-modules'
import { mediaFileUrl, useMetaData } from '../lib/meta-data'

/** Who a line shows: a donor (avatar from the 'donor' media folder). */
interface Person {
  name?: string | null
  avatar?: string | null
}

/** `person` may be absent (the answer's message field left out): shown as 'Unknown'. */
export function PersonLine({
  person,
  at,
  size = 36,
}: {
  person: Pick<Person, 'name' | 'avatar'> | null | undefined
  at?: number
  size?: number
}) {
  const meta = useMetaData()
  return (
    <Space size="small" align="center">
      <Avatar
        size={size}
        icon={<UserOutlined />}
        src={person?.avatar ? mediaFileUrl(meta, DONOR_MEDIA_MODULE, person.avatar) : undefined}
        alt=""
      />
      <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3 }}>
        <Text strong>{person?.name || 'Unknown'}</Text>
        {at !== undefined && (
          <Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(at)}
          </Text>
        )}
      </span>
    </Space>
  )
}
