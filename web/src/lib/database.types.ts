export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      admin_notification_preferences: {
        Row: {
          admin_id: string
          chat: Database["public"]["Enums"]["admin_notification_delivery"]
          contact: Database["public"]["Enums"]["admin_notification_delivery"]
          digest_hour: number
          orders: Database["public"]["Enums"]["admin_notification_delivery"]
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          admin_id?: string
          chat?: Database["public"]["Enums"]["admin_notification_delivery"]
          contact?: Database["public"]["Enums"]["admin_notification_delivery"]
          digest_hour?: number
          orders?: Database["public"]["Enums"]["admin_notification_delivery"]
          updated_at?: string
        }
        Update: {
          admin_id?: string
          chat?: Database["public"]["Enums"]["admin_notification_delivery"]
          contact?: Database["public"]["Enums"]["admin_notification_delivery"]
          digest_hour?: number
          orders?: Database["public"]["Enums"]["admin_notification_delivery"]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "admin_notification_preferences_admin_id_fkey"
            columns: ["admin_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      admin_notifications: {
        Row: {
          attempts: number
          claimed_until: string | null
          contact_message_id: string | null
          created_at: string
          customer_id: string | null
          delivery: Database["public"]["Enums"]["admin_notification_delivery"]
          due_at: string
          event_at: string
          failed_at: string | null
          id: string
          last_error: string | null
          last_event_at: string
          line_count: number
          order_id: string | null
          recipient_id: string
          sent_at: string | null
          status: Database["public"]["Enums"]["admin_notification_status"]
          topic: Database["public"]["Enums"]["admin_notification_topic"]
        }
        ComputedFields: never
        Insert: {
          attempts?: number
          claimed_until?: string | null
          contact_message_id?: string | null
          created_at?: string
          customer_id?: string | null
          delivery: Database["public"]["Enums"]["admin_notification_delivery"]
          due_at: string
          event_at: string
          failed_at?: string | null
          id?: string
          last_error?: string | null
          last_event_at: string
          line_count?: number
          order_id?: string | null
          recipient_id: string
          sent_at?: string | null
          status?: Database["public"]["Enums"]["admin_notification_status"]
          topic: Database["public"]["Enums"]["admin_notification_topic"]
        }
        Update: {
          attempts?: number
          claimed_until?: string | null
          contact_message_id?: string | null
          created_at?: string
          customer_id?: string | null
          delivery?: Database["public"]["Enums"]["admin_notification_delivery"]
          due_at?: string
          event_at?: string
          failed_at?: string | null
          id?: string
          last_error?: string | null
          last_event_at?: string
          line_count?: number
          order_id?: string | null
          recipient_id?: string
          sent_at?: string | null
          status?: Database["public"]["Enums"]["admin_notification_status"]
          topic?: Database["public"]["Enums"]["admin_notification_topic"]
        }
        Relationships: [
          {
            foreignKeyName: "admin_notifications_contact_message_id_fkey"
            columns: ["contact_message_id"]
            isOneToOne: false
            referencedRelation: "contact_messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "admin_notifications_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "admin_notifications_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "admin_notifications_recipient_id_fkey"
            columns: ["recipient_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      admin_role_changes: {
        Row: {
          changed_at: string
          changed_by: string | null
          id: number
          new_role: string
          old_role: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          changed_at?: string
          changed_by?: string | null
          id?: never
          new_role: string
          old_role: string
          user_id: string
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          id?: never
          new_role?: string
          old_role?: string
          user_id?: string
        }
        Relationships: []
      }
      catalogue_changes: {
        Row: {
          after: Json | null
          before: Json | null
          changed_at: string
          changed_by: string | null
          changed_by_role: string
          id: number
          operation: string
          product_id: string | null
          row_id: string
          table_name: string
        }
        ComputedFields: never
        Insert: {
          after?: Json | null
          before?: Json | null
          changed_at?: string
          changed_by?: string | null
          changed_by_role: string
          id?: never
          operation: string
          product_id?: string | null
          row_id: string
          table_name: string
        }
        Update: {
          after?: Json | null
          before?: Json | null
          changed_at?: string
          changed_by?: string | null
          changed_by_role?: string
          id?: never
          operation?: string
          product_id?: string | null
          row_id?: string
          table_name?: string
        }
        Relationships: []
      }
      checkout_sessions: {
        Row: {
          buyer_email: string | null
          cgv_version: number | null
          consent_required: boolean
          consent_text: string | null
          consented_at: string | null
          created_at: string
          currency: string
          id: string
          invoice_buyer: Json | null
          items: NonNullable<Json>
          provider_checkout_id: string | null
          status: string
          total_amount_cents: number
          user_id: string | null
        }
        ComputedFields: never
        Insert: {
          buyer_email?: string | null
          cgv_version?: number | null
          consent_required?: boolean
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          currency?: string
          id: string
          invoice_buyer?: Json | null
          items: NonNullable<Json>
          provider_checkout_id?: string | null
          status?: string
          total_amount_cents: number
          user_id?: string | null
        }
        Update: {
          buyer_email?: string | null
          cgv_version?: number | null
          consent_required?: boolean
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          currency?: string
          id?: string
          invoice_buyer?: Json | null
          items?: NonNullable<Json>
          provider_checkout_id?: string | null
          status?: string
          total_amount_cents?: number
          user_id?: string | null
        }
        Relationships: []
      }
      collections: {
        Row: {
          id: string
          position: number
          title: string
        }
        ComputedFields: never
        Insert: {
          id?: string
          position?: number
          title: string
        }
        Update: {
          id?: string
          position?: number
          title?: string
        }
        Relationships: []
      }
      contact_messages: {
        Row: {
          created_at: string
          email: string
          id: string
          message: string
          name: string
          subject: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          email: string
          id?: string
          message: string
          name: string
          subject: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          message?: string
          name?: string
          subject?: string
        }
        Relationships: []
      }
      crash_reports: {
        Row: {
          created_at: string
          details: string | null
          id: string
          message: string
          page_url: string
          user_agent: string | null
          user_id: string | null
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          details?: string | null
          id?: string
          message: string
          page_url: string
          user_agent?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          details?: string | null
          id?: string
          message?: string
          page_url?: string
          user_agent?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
      credit_notes: {
        Row: {
          amount_cents: number
          created_at: string
          created_by: string | null
          currency: string
          id: string
          lines: NonNullable<Json>
          number: string
          order_id: string
          reason: string
          refund_id: string
          source: string
        }
        ComputedFields: never
        Insert: {
          amount_cents: number
          created_at?: string
          created_by?: string | null
          currency: string
          id?: string
          lines: NonNullable<Json>
          number: string
          order_id: string
          reason: string
          refund_id: string
          source: string
        }
        Update: {
          amount_cents?: number
          created_at?: string
          created_by?: string | null
          currency?: string
          id?: string
          lines?: NonNullable<Json>
          number?: string
          order_id?: string
          reason?: string
          refund_id?: string
          source?: string
        }
        Relationships: [
          {
            foreignKeyName: "credit_notes_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      download_links: {
        Row: {
          created_at: string
          id: string
          object_path: string
          order_item_id: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          id?: string
          object_path: string
          order_item_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          object_path?: string
          order_item_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "download_links_order_item_id_fkey"
            columns: ["order_item_id"]
            isOneToOne: false
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
        ]
      }
      legal_document_versions: {
        Row: {
          body_markdown: string
          kind: string
          published_at: string
          title: string
          version: number
        }
        ComputedFields: never
        Insert: {
          body_markdown: string
          kind: string
          published_at?: string
          title: string
          version: number
        }
        Update: {
          body_markdown?: string
          kind?: string
          published_at?: string
          title?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "legal_document_versions_kind_fkey"
            columns: ["kind"]
            isOneToOne: false
            referencedRelation: "legal_documents"
            referencedColumns: ["kind"]
          },
        ]
      }
      legal_documents: {
        Row: {
          draft_markdown: string
          kind: string
          title: string
          updated_at: string
          updated_by: string | null
        }
        ComputedFields: never
        Insert: {
          draft_markdown: string
          kind: string
          title: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          draft_markdown?: string
          kind?: string
          title?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      new_versions: {
        Row: {
          replaced_at: string
          user_id: string
          variant_id: string
        }
        ComputedFields: never
        Insert: {
          replaced_at?: string
          user_id: string
          variant_id: string
        }
        Update: {
          replaced_at?: string
          user_id?: string
          variant_id?: string
        }
        Relationships: []
      }
      order_items: {
        Row: {
          file_path: string | null
          file_type: string | null
          id: string
          image_url: string | null
          order_id: string
          price_per_item_cents: number
          product_id: string | null
          product_title: string
          quantity: number
          refunded_at: string | null
          refunded_cents: number
          stamped_path: string | null
          variant_id: string
          variant_title: string | null
        }
        ComputedFields: never
        Insert: {
          file_path?: string | null
          file_type?: string | null
          id?: string
          image_url?: string | null
          order_id: string
          price_per_item_cents: number
          product_id?: string | null
          product_title: string
          quantity: number
          refunded_at?: string | null
          refunded_cents?: number
          stamped_path?: string | null
          variant_id: string
          variant_title?: string | null
        }
        Update: {
          file_path?: string | null
          file_type?: string | null
          id?: string
          image_url?: string | null
          order_id?: string
          price_per_item_cents?: number
          product_id?: string | null
          product_title?: string
          quantity?: number
          refunded_at?: string | null
          refunded_cents?: number
          stamped_path?: string | null
          variant_id?: string
          variant_title?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "order_items_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
        ]
      }
      orders: {
        Row: {
          cgv_version: number | null
          checkout_session_id: string
          confirmation_sent_at: string | null
          consent_required: boolean
          consent_text: string | null
          consented_at: string | null
          created_at: string
          currency: string
          dispute_closed_at: string | null
          dispute_id: string | null
          dispute_opened_at: string | null
          dispute_status: string | null
          id: string
          invoice_buyer: Json | null
          invoice_number: string
          invoice_seller: Json | null
          payment_id: string | null
          payment_reference: string | null
          payment_status: string
          refunded_amount_cents: number
          status: string
          total_amount_cents: number
          user_id: string | null
        }
        ComputedFields: never
        Insert: {
          cgv_version?: number | null
          checkout_session_id: string
          confirmation_sent_at?: string | null
          consent_required?: boolean
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          currency?: string
          dispute_closed_at?: string | null
          dispute_id?: string | null
          dispute_opened_at?: string | null
          dispute_status?: string | null
          id?: string
          invoice_buyer?: Json | null
          invoice_number: string
          invoice_seller?: Json | null
          payment_id?: string | null
          payment_reference?: string | null
          payment_status?: never
          refunded_amount_cents?: number
          status?: string
          total_amount_cents: number
          user_id?: string | null
        }
        Update: {
          cgv_version?: number | null
          checkout_session_id?: string
          confirmation_sent_at?: string | null
          consent_required?: boolean
          consent_text?: string | null
          consented_at?: string | null
          created_at?: string
          currency?: string
          dispute_closed_at?: string | null
          dispute_id?: string | null
          dispute_opened_at?: string | null
          dispute_status?: string | null
          id?: string
          invoice_buyer?: Json | null
          invoice_number?: string
          invoice_seller?: Json | null
          payment_id?: string | null
          payment_reference?: string | null
          payment_status?: never
          refunded_amount_cents?: number
          status?: string
          total_amount_cents?: number
          user_id?: string | null
        }
        Relationships: []
      }
      payment_issues: {
        Row: {
          checkout_session_id: string
          detail: NonNullable<Json>
          detected_at: string
          handled_at: string | null
          handled_by: string | null
          reason: string
          user_id: string | null
        }
        ComputedFields: never
        Insert: {
          checkout_session_id: string
          detail?: NonNullable<Json>
          detected_at?: string
          handled_at?: string | null
          handled_by?: string | null
          reason: string
          user_id?: string | null
        }
        Update: {
          checkout_session_id?: string
          detail?: NonNullable<Json>
          detected_at?: string
          handled_at?: string | null
          handled_by?: string | null
          reason?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payment_issues_checkout_session_id_fkey"
            columns: ["checkout_session_id"]
            isOneToOne: true
            referencedRelation: "checkout_sessions"
            referencedColumns: ["id"]
          },
        ]
      }
      product_additional_info: {
        Row: {
          description: string
          id: string
          position: number
          product_id: string
          title: string
        }
        ComputedFields: never
        Insert: {
          description: string
          id?: string
          position?: number
          product_id: string
          title: string
        }
        Update: {
          description?: string
          id?: string
          position?: number
          product_id?: string
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_additional_info_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      product_collections: {
        Row: {
          collection_id: string
          position: number
          product_id: string
        }
        ComputedFields: never
        Insert: {
          collection_id: string
          position?: number
          product_id: string
        }
        Update: {
          collection_id?: string
          position?: number
          product_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_collections_collection_id_fkey"
            columns: ["collection_id"]
            isOneToOne: false
            referencedRelation: "collections"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "product_collections_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      product_custom_fields: {
        Row: {
          id: string
          is_required: boolean
          position: number
          product_id: string
          title: string
        }
        ComputedFields: never
        Insert: {
          id?: string
          is_required?: boolean
          position?: number
          product_id: string
          title: string
        }
        Update: {
          id?: string
          is_required?: boolean
          position?: number
          product_id?: string
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_custom_fields_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      product_files: {
        Row: {
          content_type: string | null
          file_type: string
          object_path: string | null
          online_only: boolean
          variant_id: string
        }
        ComputedFields: never
        Insert: {
          content_type?: string | null
          file_type: string
          object_path?: string | null
          online_only?: boolean
          variant_id: string
        }
        Update: {
          content_type?: string | null
          file_type?: string
          object_path?: string | null
          online_only?: boolean
          variant_id?: string
        }
        Relationships: []
      }
      product_images: {
        Row: {
          alt_text: string | null
          id: string
          position: number
          product_id: string
          type: string
          url: string
        }
        ComputedFields: never
        Insert: {
          alt_text?: string | null
          id?: string
          position?: number
          product_id: string
          type?: string
          url: string
        }
        Update: {
          alt_text?: string | null
          id?: string
          position?: number
          product_id?: string
          type?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_images_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      product_option_values: {
        Row: {
          id: string
          option_id: string
          product_id: string
          value: string
          variant_id: string
        }
        ComputedFields: never
        Insert: {
          id?: string
          option_id: string
          product_id: string
          value: string
          variant_id: string
        }
        Update: {
          id?: string
          option_id?: string
          product_id?: string
          value?: string
          variant_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_option_values_option_fkey"
            columns: ["option_id", "product_id"]
            isOneToOne: false
            referencedRelation: "product_options"
            referencedColumns: ["id", "product_id"]
          },
          {
            foreignKeyName: "product_option_values_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "product_option_values_variant_fkey"
            columns: ["variant_id", "product_id"]
            isOneToOne: false
            referencedRelation: "product_variants"
            referencedColumns: ["id", "product_id"]
          },
        ]
      }
      product_options: {
        Row: {
          id: string
          position: number
          product_id: string
          title: string
        }
        ComputedFields: never
        Insert: {
          id?: string
          position?: number
          product_id: string
          title: string
        }
        Update: {
          id?: string
          position?: number
          product_id?: string
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "product_options_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      product_variants: {
        Row: {
          created_at: string
          id: string
          image_url: string | null
          inventory_quantity: number | null
          manage_inventory: boolean
          position: number
          price_in_cents: number
          product_id: string
          retired_at: string | null
          sale_price_in_cents: number | null
          sku: string | null
          title: string
          weight: number | null
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          id?: string
          image_url?: string | null
          inventory_quantity?: number | null
          manage_inventory?: boolean
          position?: number
          price_in_cents: number
          product_id: string
          retired_at?: string | null
          sale_price_in_cents?: number | null
          sku?: string | null
          title: string
          weight?: number | null
        }
        Update: {
          created_at?: string
          id?: string
          image_url?: string | null
          inventory_quantity?: number | null
          manage_inventory?: boolean
          position?: number
          price_in_cents?: number
          product_id?: string
          retired_at?: string | null
          sale_price_in_cents?: number | null
          sku?: string | null
          title?: string
          weight?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "product_variants_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      products: {
        Row: {
          created_at: string
          currency: string
          deleted_at: string | null
          description: string | null
          id: string
          metadata: NonNullable<Json>
          position: number
          purchasable: boolean
          ribbon_text: string | null
          site_product_selection: string | null
          status: string
          subtitle: string | null
          title: string
          type: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          currency?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          metadata?: NonNullable<Json>
          position?: number
          purchasable?: boolean
          ribbon_text?: string | null
          site_product_selection?: string | null
          status?: string
          subtitle?: string | null
          title: string
          type?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          currency?: string
          deleted_at?: string | null
          description?: string | null
          id?: string
          metadata?: NonNullable<Json>
          position?: number
          purchasable?: boolean
          ribbon_text?: string | null
          site_product_selection?: string | null
          status?: string
          subtitle?: string | null
          title?: string
          type?: string
          updated_at?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          avatar_url: string | null
          created_at: string
          full_name: string | null
          id: string
          role: string
          updated_at: string
        }
        ComputedFields: never
        Insert: {
          avatar_url?: string | null
          created_at?: string
          full_name?: string | null
          id: string
          role?: string
          updated_at?: string
        }
        Update: {
          avatar_url?: string | null
          created_at?: string
          full_name?: string | null
          id?: string
          role?: string
          updated_at?: string
        }
        Relationships: []
      }
      reading_positions: {
        Row: {
          length: number
          order_item_id: string
          position: number
          unit: string
          updated_at: string
          user_id: string
        }
        ComputedFields: never
        Insert: {
          length: number
          order_item_id: string
          position: number
          unit: string
          updated_at?: string
          user_id: string
        }
        Update: {
          length?: number
          order_item_id?: string
          position?: number
          unit?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "reading_positions_order_item_id_fkey"
            columns: ["order_item_id"]
            isOneToOne: false
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
        ]
      }
      related_products: {
        Row: {
          id: string
          position: number
          product_id: string
          related_id: string
          related_type: string
          section_title: string
        }
        ComputedFields: never
        Insert: {
          id?: string
          position?: number
          product_id: string
          related_id: string
          related_type: string
          section_title: string
        }
        Update: {
          id?: string
          position?: number
          product_id?: string
          related_id?: string
          related_type?: string
          section_title?: string
        }
        Relationships: [
          {
            foreignKeyName: "related_products_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
        ]
      }
      seller_settings: {
        Row: {
          address: string | null
          contact_email: string | null
          id: boolean
          legal_form: string | null
          legal_name: string | null
          siret: string | null
          updated_at: string
          updated_by: string | null
          vat_number: string | null
          vat_rate_basis_points: number | null
          vat_regime: string | null
        }
        ComputedFields: never
        Insert: {
          address?: string | null
          contact_email?: string | null
          id?: boolean
          legal_form?: string | null
          legal_name?: string | null
          siret?: string | null
          updated_at?: string
          updated_by?: string | null
          vat_number?: string | null
          vat_rate_basis_points?: number | null
          vat_regime?: string | null
        }
        Update: {
          address?: string | null
          contact_email?: string | null
          id?: boolean
          legal_form?: string | null
          legal_name?: string | null
          siret?: string | null
          updated_at?: string
          updated_by?: string | null
          vat_number?: string | null
          vat_rate_basis_points?: number | null
          vat_regime?: string | null
        }
        Relationships: []
      }
      stock_shortfalls: {
        Row: {
          detected_at: string
          handled_at: string | null
          handled_by: string | null
          order_id: string
          order_item_id: string
          resolution: string | null
          taken: number
          variant_id: string
          wanted: number
        }
        ComputedFields: never
        Insert: {
          detected_at?: string
          handled_at?: string | null
          handled_by?: string | null
          order_id: string
          order_item_id: string
          resolution?: string | null
          taken: number
          variant_id: string
          wanted: number
        }
        Update: {
          detected_at?: string
          handled_at?: string | null
          handled_by?: string | null
          order_id?: string
          order_item_id?: string
          resolution?: string | null
          taken?: number
          variant_id?: string
          wanted?: number
        }
        Relationships: [
          {
            foreignKeyName: "stock_shortfalls_order_id_fkey"
            columns: ["order_id"]
            isOneToOne: false
            referencedRelation: "orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stock_shortfalls_order_item_id_fkey"
            columns: ["order_item_id"]
            isOneToOne: true
            referencedRelation: "order_items"
            referencedColumns: ["id"]
          },
        ]
      }
      unmatched_payments: {
        Row: {
          attached_at: string | null
          attached_by: string | null
          attached_checkout_id: string | null
          currency: string
          customer_email: string | null
          found_at: string
          lines: NonNullable<Json>
          paid_at: string
          payment_id: string
          payment_reference: string
          total_cents: number
        }
        ComputedFields: never
        Insert: {
          attached_at?: string | null
          attached_by?: string | null
          attached_checkout_id?: string | null
          currency: string
          customer_email?: string | null
          found_at?: string
          lines: NonNullable<Json>
          paid_at: string
          payment_id: string
          payment_reference: string
          total_cents: number
        }
        Update: {
          attached_at?: string | null
          attached_by?: string | null
          attached_checkout_id?: string | null
          currency?: string
          customer_email?: string | null
          found_at?: string
          lines?: NonNullable<Json>
          paid_at?: string
          payment_id?: string
          payment_reference?: string
          total_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "unmatched_payments_attached_checkout_id_fkey"
            columns: ["attached_checkout_id"]
            isOneToOne: false
            referencedRelation: "checkout_sessions"
            referencedColumns: ["id"]
          },
        ]
      }
      user_messages: {
        Row: {
          content: string
          created_at: string
          id: string
          is_read: boolean
          receiver_id: string
          sender_id: string
        }
        ComputedFields: never
        Insert: {
          content: string
          created_at?: string
          id?: string
          is_read?: boolean
          receiver_id: string
          sender_id: string
        }
        Update: {
          content?: string
          created_at?: string
          id?: string
          is_read?: boolean
          receiver_id?: string
          sender_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_messages_receiver_id_fkey"
            columns: ["receiver_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "user_messages_sender_id_fkey"
            columns: ["sender_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      video_streams: {
        Row: {
          heights: number[]
          master_path: string
          source_path: string
          transcoded_at: string
        }
        ComputedFields: never
        Insert: {
          heights: number[]
          master_path: string
          source_path: string
          transcoded_at?: string
        }
        Update: {
          heights?: number[]
          master_path?: string
          source_path?: string
          transcoded_at?: string
        }
        Relationships: []
      }
      video_subtitles: {
        Row: {
          created_at: string
          label: string
          language: string
          object_path: string
          source_path: string
        }
        ComputedFields: never
        Insert: {
          created_at?: string
          label: string
          language: string
          object_path: string
          source_path: string
        }
        Update: {
          created_at?: string
          label?: string
          language?: string
          object_path?: string
          source_path?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      admin_analytics_daily: {
        Args: { p_days: number }
        Returns: {
          checkouts: number
          day: string
          net_revenue_cents: number
          new_accounts: number
          orders: number
          page_views: number
          refunded_cents: number
          refunds: number
          revenue_cents: number
          visitors: number
        }[]
      }
      admin_analytics_products: {
        Args: { p_days: number }
        Returns: {
          downloads: number
          product_title: string
          revenue_cents: number
          units: number
        }[]
      }
      admin_catalogue_history: {
        Args: {
          p_after_changed_at?: string
          p_after_id?: number
          p_limit?: number
          p_product_id?: string
        }
        Returns: {
          after: Json
          before: Json
          changed_at: string
          changed_by: string
          changed_by_email: string
          changed_by_name: string
          changed_by_role: string
          id: number
          operation: string
          product_currency: string
          product_id: string
          product_title: string
          row_id: string
          table_name: string
        }[]
      }
      admin_conversations: {
        Args: { p_limit?: number; p_offset?: number }
        Returns: {
          avatar_url: string
          customer_id: string
          email: string
          full_name: string
          last_message: string
          last_message_at: string
          last_sender_id: string
          unread_count: number
        }[]
      }
      admin_dashboard_stats: {
        Args: Record<PropertyKey, never>
        Returns: {
          net_revenue_30d_cents: number
          new_contact_messages: number
          new_users: number
          open_disputes: number
          pending_orders: number
          recent_orders: number
          refunded_30d_cents: number
          refunded_orders_30d: number
          unread_customer_messages: number
          visits_24h: number
        }[]
      }
      admin_notification_contents: {
        Args: { p_ids: string[] }
        Returns: {
          delivery: Database["public"]["Enums"]["admin_notification_delivery"]
          details: Json
          event_at: string
          id: string
          line_count: number
          recipient_email: string
          topic: Database["public"]["Enums"]["admin_notification_topic"]
        }[]
      }
      admin_orders_export: {
        Args: {
          p_after_created_at?: string
          p_after_order_id?: string
          p_days: number
        }
        Returns: {
          created_at: string
          credit_notes: string
          currency: string
          customer_email: string
          customer_name: string
          items: string
          order_id: string
          payment_status: string
          refunded_amount_cents: number
          status: string
          total_amount_cents: number
        }[]
      }
      admin_payment_issues: {
        Args: { max_rows?: number }
        Returns: {
          checkout_session_id: string
          currency: string
          customer_email: string
          detected_at: string
          handled_at: string
          handled_by_email: string
          paid_amount_cents: number
          priced_amount_cents: number
          reason: string
        }[]
      }
      admin_remove_variant_file: {
        Args: { p_variant_id: string }
        Returns: string
      }
      admin_remove_video_subtitles: {
        Args: { p_language: string; p_source_path: string }
        Returns: string
      }
      admin_role_history: {
        Args: { p_user_id: string }
        Returns: {
          changed_at: string
          changed_by: string
          changed_by_email: string
          changed_by_name: string
          id: number
          new_role: string
          old_role: string
        }[]
      }
      admin_set_role: {
        Args: { p_role: string; p_user_id: string }
        Returns: string
      }
      admin_set_variant_file_online_only: {
        Args: { p_online_only: boolean; p_variant_id: string }
        Returns: undefined
      }
      admin_set_video_subtitles: {
        Args: { p_label: string; p_language: string; p_source_path: string }
        Returns: string
      }
      admin_stock_shortfalls: {
        Args: { p_limit?: number }
        Returns: {
          buyer_email: string
          buyer_id: string
          detected_at: string
          handled_at: string
          handled_by_email: string
          handled_by_name: string
          order_created_at: string
          order_id: string
          order_item_id: string
          product_title: string
          resolution: string
          taken: number
          variant_id: string
          variant_title: string
          wanted: number
        }[]
      }
      admin_unmatched_payments: {
        Args: { max_rows?: number }
        Returns: {
          attached_at: string
          attached_by_email: string
          attached_checkout_id: string
          candidates: Json
          currency: string
          customer_email: string
          found_at: string
          lines: Json
          paid_at: string
          payment_id: string
          payment_reference: string
          total_cents: number
        }[]
      }
      admin_unread_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          contact_messages: number
          conversations: number
        }[]
      }
      admin_users: {
        Args: { p_limit?: number; p_offset?: number; p_search?: string }
        Returns: {
          created_at: string
          email: string
          full_name: string
          id: string
          last_order_at: string
          orders_count: number
          role: string
          total_spent_cents: number
          unread_messages: number
        }[]
      }
      admin_variant_files: {
        Args: Record<PropertyKey, never>
        Returns: {
          content_type: string
          file_type: string
          object_path: string
          online_only: boolean
          size_bytes: number
          uploaded_at: string
          variant_id: string
        }[]
      }
      attach_payment: {
        Args: { p_checkout_session_id: string; p_payment_id: string }
        Returns: string
      }
      attach_variant_file: {
        Args: {
          p_admin_id: string
          p_content_type: string
          p_etag: string
          p_file_type: string
          p_object_path: string
          p_variant_id: string
        }
        Returns: {
          previous_in_use: boolean
          previous_path: string
        }[]
      }
      begin_checkout: { Args: { p_cgv_version: number }; Returns: Json }
      checkout_terms: { Args: Record<PropertyKey, never>; Returns: Json }
      claim_admin_notifications: {
        Args: { p_limit: number }
        Returns: {
          attempts: number
          claimed_until: string | null
          contact_message_id: string | null
          created_at: string
          customer_id: string | null
          delivery: Database["public"]["Enums"]["admin_notification_delivery"]
          due_at: string
          event_at: string
          failed_at: string | null
          id: string
          last_error: string | null
          last_event_at: string
          line_count: number
          order_id: string | null
          recipient_id: string
          sent_at: string | null
          status: Database["public"]["Enums"]["admin_notification_status"]
          topic: Database["public"]["Enums"]["admin_notification_topic"]
        }[]
        SetofOptions: {
          from: "*"
          to: "admin_notifications"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_checkout: { Args: Record<PropertyKey, never>; Returns: undefined }
      claim_stripe_webhook_event: {
        Args: { p_event_id: string; p_type: string }
        Returns: boolean
      }
      contact_form_token: { Args: Record<PropertyKey, never>; Returns: string }
      credit_note_document: {
        Args: { p_credit_note_id: string }
        Returns: Json
      }
      credit_note_mail: { Args: { p_credit_note_id: string }; Returns: Json }
      erase_account: { Args: { p_user_id: string }; Returns: string[] }
      export_my_data: { Args: Record<PropertyKey, never>; Returns: Json }
      grant_configured_admin: { Args: { p_email: string }; Returns: string }
      invoice_document: { Args: { p_order_id: string }; Returns: Json }
      issue_contact_captcha_pass: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      issue_download_link: {
        Args: { p_disposition?: string; p_order_item_id: string }
        Returns: string
      }
      mark_admin_notifications_failed: {
        Args: { p_ids: string[]; p_reason: string; p_retryable: boolean }
        Returns: undefined
      }
      mark_admin_notifications_sent: {
        Args: { p_ids: string[] }
        Returns: undefined
      }
      mark_contact_messages_seen: {
        Args: Record<PropertyKey, never>
        Returns: undefined
      }
      mark_credit_note_mailed: {
        Args: { p_credit_note_id: string }
        Returns: undefined
      }
      mark_new_version_mailed: {
        Args: { p_mail_id: string }
        Returns: undefined
      }
      mark_payment_issue_handled: {
        Args: { issue_session_id: string }
        Returns: string
      }
      my_library: {
        Args: Record<PropertyKey, never>
        Returns: {
          access_suspended: boolean
          file_type: string
          image_url: string
          new_version: boolean
          online_only: boolean
          order_item_id: string
          product_title: string
          purchased_at: string
          refunded_at: string
          variant_id: string
          variant_title: string
        }[]
      }
      new_version_mail: { Args: { p_mail_id: string }; Returns: Json }
      order_confirmation: { Args: { p_order_id: string }; Returns: Json }
      pending_confirmations: { Args: { p_limit: number }; Returns: string[] }
      pending_credit_note_mails: {
        Args: { p_limit: number }
        Returns: string[]
      }
      pending_new_version_mails: {
        Args: { p_limit: number }
        Returns: string[]
      }
      preview_legal_document: { Args: { p_markdown: string }; Returns: Json }
      publish_legal_document: { Args: { p_kind: string }; Returns: number }
      record_dispute: {
        Args: { p_dispute_id: string; p_order_id: string; p_status: string }
        Returns: Json
      }
      record_order:
        | {
            Args: { p_checkout_session_id: string; p_user_id: string }
            Returns: string
          }
        | {
            Args: {
              p_checkout_session_id: string
              p_payment_id: string
              p_payment_reference: string
              p_user_id: string
            }
            Returns: string
          }
      record_page_view: {
        Args: { p_path: string; p_referrer_host?: string }
        Returns: boolean
      }
      record_paid_order:
        | {
            Args: { p_checkout_session_id: string; p_user_id: string }
            Returns: Json
          }
        | {
            Args: {
              p_checkout_session_id: string
              p_payment_id: string
              p_payment_reference: string
              p_user_id: string
            }
            Returns: Json
          }
      record_refund: {
        Args: {
          p_created_by?: string
          p_lines: Json
          p_order_id: string
          p_reason: string
          p_refund_id: string
          p_source: string
        }
        Returns: Json
      }
      save_reading_position: {
        Args: {
          p_length: number
          p_order_item_id: string
          p_position: number
          p_unit: string
        }
        Returns: undefined
      }
      send_contact_message: {
        Args: {
          p_captcha_pass?: string
          p_email: string
          p_form_token: string
          p_message: string
          p_name: string
          p_subject: string
          p_website?: string
        }
        Returns: undefined
      }
      storefront_product: { Args: { p_id: string }; Returns: Json }
      storefront_products: {
        Args: {
          p_ids?: string[]
          p_is_hidden?: boolean
          p_limit?: number
          p_offset?: number
          p_order?: string
          p_sort_by?: string
          p_to_date?: string
        }
        Returns: Json
      }
      storefront_variants: { Args: { p_product_ids?: string[] }; Returns: Json }
      stripe_webhook_event_handled: {
        Args: { p_event_id: string }
        Returns: undefined
      }
    }
    Enums: {
      admin_notification_delivery: "immediate" | "digest" | "none"
      admin_notification_status: "pending" | "sent" | "failed"
      admin_notification_topic: "contact" | "chat" | "order"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      admin_notification_delivery: ["immediate", "digest", "none"],
      admin_notification_status: ["pending", "sent", "failed"],
      admin_notification_topic: ["contact", "chat", "order"],
    },
  },
} as const
