/**
 * The menu's icons, by the names the route table gives (routes.tsx names them, so the table
 * and the sign-in page that reads it load no icon): drawn only by the protected shell.
 * Hidden from assistive technology: an entry is named by its title alone.
 */
import type { ReactNode } from 'react'
import {
  AppstoreOutlined,
  BankOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FlagOutlined,
  FolderOutlined,
  HeartOutlined,
  MessageOutlined,
  NotificationOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import type { MenuIcon } from '../routes'

const ICONS: Record<MenuIcon, ReactNode> = {
  appstore: <AppstoreOutlined aria-hidden />,
  bank: <BankOutlined aria-hidden />,
  calendar: <CalendarOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
  flag: <FlagOutlined aria-hidden />,
  folder: <FolderOutlined aria-hidden />,
  heart: <HeartOutlined aria-hidden />,
  message: <MessageOutlined aria-hidden />,
  notification: <NotificationOutlined aria-hidden />,
  solution: <SolutionOutlined aria-hidden />,
  tags: <TagsOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
}

export function menuIcon(name: MenuIcon | undefined): ReactNode {
  return name ? ICONS[name] : undefined
}
